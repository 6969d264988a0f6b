package br.com.lojaapi.command.produto;

import br.com.lojaapi.command.comum.Numeros;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.produto.AlteracaoVariacao;
import br.com.lojaapi.coreapi.produto.DadosProduto;
import br.com.lojaapi.coreapi.produto.DadosVariacao;
import br.com.lojaapi.coreapi.produto.VariacaoDoProduto;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** A product's variations, in creation order; immutable, each change gives a new value. */
record Variacoes(List<VariacaoDoProduto> lista) {

    static final String NAO_ENCONTRADA = "Variação não encontrada";
    static final int MAXIMO = 500;

    Variacoes {
        lista = List.copyOf(lista);
    }

    boolean vazia() {
        return lista.isEmpty();
    }

    VariacaoDoProduto exigir(String variacaoId) {
        return lista.stream().filter(v -> v.variacaoId().equals(variacaoId)).findFirst()
                    .orElseThrow(() -> ErroDeNegocio.naoEncontrado(NAO_ENCONTRADA));
    }

    /**
     * Replaces the variation with the same id, or adds it at the end. No rule is checked here: event-sourcing
     * handlers use it too, and past events must always load.
     */
    Variacoes com(VariacaoDoProduto variacao) {
        List<VariacaoDoProduto> novas = new ArrayList<>(lista);
        int posicao = posicaoDe(variacao.variacaoId());
        if (posicao >= 0) {
            novas.set(posicao, variacao);
        } else {
            novas.add(variacao);
        }
        return new Variacoes(novas);
    }

    /**
     * For commands: a product has at most {@value #MAXIMO} variations, and the sum of their stock (the product's
     * stock) must fit where the product's stock is kept.
     */
    Variacoes exigirLimite() {
        if (lista.size() > MAXIMO) {
            throw ErroDeNegocio.invalido("um produto tem no máximo " + MAXIMO + " variações");
        }
        if (estoque().compareTo(Numeros.QUANTIDADE_MAXIMA) > 0) {
            throw ErroDeNegocio.invalido("a soma do estoque das variações deve ser no máximo "
                    + Numeros.QUANTIDADE_MAXIMA.toPlainString());
        }
        return this;
    }

    Optional<VariacaoDoProduto> buscar(String variacaoId) {
        return lista.stream().filter(v -> v.variacaoId().equals(variacaoId)).findFirst();
    }

    /** The same variations with one variation's stock replaced. */
    Variacoes comEstoque(String variacaoId, BigDecimal quantidade) {
        VariacaoDoProduto v = exigir(variacaoId);
        DadosVariacao d = v.dados();
        return com(new VariacaoDoProduto(variacaoId, new DadosVariacao(d.nome(), d.valor1(), d.valor2(), d.preco(),
                d.sku(), d.codigoBarras(), d.codIntegracao(), quantidade, d.estoqueMinimo())));
    }

    Variacoes sem(String variacaoId) {
        return new Variacoes(lista.stream().filter(v -> !v.variacaoId().equals(variacaoId)).toList());
    }

    /**
     * Upsert of variations: each one sent is matched by {@code codIntegracao}, then by {@code sku}; a match is
     * changed with the fields sent, anything else is created. None is removed. A refusal names the element.
     */
    Variacoes combinar(List<AlteracaoVariacao> enviadas) {
        Variacoes resultado = this;
        for (int i = 0; i < enviadas.size(); i++) {
            AlteracaoVariacao enviada = enviadas.get(i);
            try {
                Optional<VariacaoDoProduto> existente = resultado.correspondente(enviada);
                resultado = resultado.com(existente
                        .map(v -> new VariacaoDoProduto(v.variacaoId(), RegrasDeVariacao.aplicar(v.dados(), enviada)))
                        .orElseGet(() -> new VariacaoDoProduto(enviada.novoId(), RegrasDeVariacao.nova(enviada))));
            } catch (ErroDeNegocio erro) {
                throw new ErroDeNegocio(erro.codigo(), "variacoes[" + i + "]: " + erro.getMessage(), erro.detalhes());
            }
        }
        return resultado.exigirLimite();
    }

    private Optional<VariacaoDoProduto> correspondente(AlteracaoVariacao enviada) {
        Long codigo = enviada.codIntegracao() == null ? null : enviada.codIntegracao().orElse(null);
        if (codigo != null) {
            Optional<VariacaoDoProduto> porCodigo = lista.stream()
                    .filter(v -> codigo.equals(v.dados().codIntegracao())).findFirst();
            if (porCodigo.isPresent()) {
                return porCodigo;
            }
        }
        String sku = enviada.sku() == null ? null : enviada.sku().map(String::strip).orElse(null);
        if (sku != null && !sku.isEmpty()) {
            return lista.stream().filter(v -> sku.equals(v.dados().sku())).findFirst();
        }
        return Optional.empty();
    }

    BigDecimal estoque() {
        return lista.stream().map(v -> v.dados().quantidadeEstoque()).reduce(BigDecimal.ZERO.setScale(3), BigDecimal::add);
    }

    /** The product's data with its stock as the sum of the variations, when it has any. */
    DadosProduto noEstoqueDe(DadosProduto dados) {
        return vazia() ? dados : RegrasDeProduto.comEstoque(dados, estoque());
    }

    private int posicaoDe(String variacaoId) {
        for (int i = 0; i < lista.size(); i++) {
            if (Objects.equals(lista.get(i).variacaoId(), variacaoId)) {
                return i;
            }
        }
        return -1;
    }
}
