package br.com.lojaapi.command.produto;

import br.com.lojaapi.command.comum.Campos;
import br.com.lojaapi.command.comum.Numeros;
import br.com.lojaapi.command.comum.Textos;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.produto.AlteracaoProduto;
import br.com.lojaapi.coreapi.produto.DadosProduto;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * The product's field rules, shared by creation, PUT and upsert: a partial change applied to complete data gives
 * complete, valid data or a 400 naming the field.
 */
public final class RegrasDeProduto {

    public static final int IMAGENS_MAXIMO = 20;
    static final int GRUPOS_MAXIMO = 50;

    private RegrasDeProduto() {
    }

    /** What a new product starts from before the sent fields apply: the contract's defaults. */
    static DadosProduto padrao(boolean controlaEstoque) {
        return new DadosProduto(null, null, null, null, List.of(), null, null, null, null, true, false, 0,
                controlaEstoque, BigDecimal.ZERO.setScale(3), BigDecimal.ZERO.setScale(3), "PC",
                BigDecimal.ONE.setScale(3), null, null, null, null, null, List.of());
    }

    /** The same data with another stock: the sum of the variations, for a product that has them. */
    static DadosProduto comEstoque(DadosProduto d, BigDecimal estoque) {
        return new DadosProduto(d.nome(), d.descricao(), d.preco(), d.precoPromocional(), d.imagens(), d.codigoBarras(),
                d.sku(), d.referencia(), d.codIntegracao(), d.disponivel(), d.destaque(), d.ordem(), d.controlaEstoque(),
                estoque, d.estoqueMinimo(), d.unidade(), d.multiploVenda(), d.peso(), d.altura(), d.largura(),
                d.comprimento(), d.categoriaId(), d.gruposComplemento());
    }

    static DadosProduto aplicar(DadosProduto atual, AlteracaoProduto a, String lojaId, ReferenciasDaLoja referencias) {
        String nome = Campos.obrigatorio(a.nome(), atual.nome(), "nome", v -> texto(v, 200, "nome", true));
        BigDecimal preco = Campos.obrigatorio(a.preco(), atual.preco(), "preco", v -> Numeros.dinheiro(v, "preco"));
        if (nome == null) {
            throw ErroDeNegocio.invalido("Informe o nome do produto");
        }
        if (preco == null) {
            throw ErroDeNegocio.invalido("Informe o preco do produto");
        }
        String categoriaId = Campos.obrigatorio(a.categoriaId(), atual.categoriaId(), "categoriaId", v -> v);
        if (a.categoriaId() != null && !referencias.categoriaDaLoja(lojaId, categoriaId)) {
            throw ErroDeNegocio.invalido("categoriaId não é uma categoria desta loja: " + categoriaId);
        }
        return new DadosProduto(
                nome,
                Campos.opcional(a.descricao(), atual.descricao(), v -> texto(v, 5000, "descricao", false)),
                preco,
                Campos.opcional(a.precoPromocional(), atual.precoPromocional(), v -> Numeros.dinheiro(v, "precoPromocional")),
                lista(a.imagens(), atual.imagens(), RegrasDeProduto::imagens),
                Campos.opcional(a.codigoBarras(), atual.codigoBarras(), v -> texto(v, 50, "codigoBarras", false)),
                Campos.opcional(a.sku(), atual.sku(), v -> texto(v, 100, "sku", false)),
                Campos.opcional(a.referencia(), atual.referencia(), v -> texto(v, 80, "referencia", false)),
                Campos.opcional(a.codIntegracao(), atual.codIntegracao(), v -> codigo(v, "codIntegracao")),
                Campos.obrigatorio(a.disponivel(), atual.disponivel(), "disponivel", v -> v),
                Campos.obrigatorio(a.destaque(), atual.destaque(), "destaque", v -> v),
                Campos.obrigatorio(a.ordem(), atual.ordem(), "ordem", Numeros::ordem),
                atual.controlaEstoque(),
                Campos.obrigatorio(a.quantidadeEstoque(), atual.quantidadeEstoque(), "quantidadeEstoque",
                        v -> Numeros.quantidade(v, "quantidadeEstoque")),
                Campos.obrigatorio(a.estoqueMinimo(), atual.estoqueMinimo(), "estoqueMinimo",
                        v -> Numeros.quantidade(v, "estoqueMinimo")),
                Campos.opcional(a.unidade(), atual.unidade(), RegrasDeProduto::unidade),
                multiploVenda(a.multiploVenda(), atual.multiploVenda()),
                Campos.opcional(a.peso(), atual.peso(), v -> Numeros.medida(v, "peso")),
                Campos.opcional(a.altura(), atual.altura(), v -> Numeros.medida(v, "altura")),
                Campos.opcional(a.largura(), atual.largura(), v -> Numeros.medida(v, "largura")),
                Campos.opcional(a.comprimento(), atual.comprimento(), v -> Numeros.medida(v, "comprimento")),
                categoriaId,
                lista(a.gruposComplemento(), atual.gruposComplemento(), ids -> grupos(ids, lojaId, referencias)));
    }

    /** Null: keep; empty (explicit null) or []: clear; value: validated. */
    private static List<String> lista(Optional<List<String>> enviado, List<String> atual,
                                      Function<List<String>, List<String>> validar) {
        if (enviado == null) {
            return atual;
        }
        return enviado.map(validar).orElse(List.of());
    }

    static String texto(String valor, int maximo, String campo, boolean obrigatorio) {
        String limpo = Textos.limitado(valor, maximo, campo);
        if (limpo == null && obrigatorio) {
            throw ErroDeNegocio.invalido(campo + " não pode ser vazio");
        }
        return limpo;
    }

    static Long codigo(Long valor, String campo) {
        if (valor != null && valor < 0) {
            throw ErroDeNegocio.invalido(campo + " não pode ser negativo");
        }
        return valor;
    }

    /** Upper-cased before the length check: upper case can be longer ("ß" becomes "SS"). */
    private static String unidade(String unidade) {
        String limpa = Textos.limpo(unidade);
        return limpa == null ? null : Textos.limitado(limpa.toUpperCase(Locale.ROOT), 10, "unidade");
    }

    /** Null or 0 resets to 1; otherwise at least 0.001 (three decimals). */
    private static BigDecimal multiploVenda(Optional<BigDecimal> enviado, BigDecimal atual) {
        if (enviado == null) {
            return atual;
        }
        BigDecimal valor = enviado.orElse(BigDecimal.ZERO);
        if (valor.signum() == 0) {
            return BigDecimal.ONE.setScale(3);
        }
        return Numeros.quantidadeMinima(valor, "multiploVenda");
    }

    private static List<String> imagens(List<String> imagens) {
        if (imagens.size() > IMAGENS_MAXIMO) {
            throw ErroDeNegocio.invalido("imagens: no máximo " + IMAGENS_MAXIMO + " por produto");
        }
        List<String> validas = new ArrayList<>();
        for (String imagem : imagens) {
            String limpa = Textos.limitado(imagem, 2000, "imagens");
            if (limpa == null) {
                throw ErroDeNegocio.invalido("imagens: cada imagem deve ser uma URL");
            }
            validas.add(limpa);
        }
        return validas;
    }

    private static List<String> grupos(List<String> ids, String lojaId, ReferenciasDaLoja referencias) {
        List<String> unicos = new ArrayList<>(new LinkedHashSet<>(ids));
        if (unicos.size() > GRUPOS_MAXIMO) {
            throw ErroDeNegocio.invalido("gruposComplemento: no máximo " + GRUPOS_MAXIMO + " por produto");
        }
        for (String id : unicos) {
            if (id == null || !referencias.grupoDaLoja(lojaId, id)) {
                throw ErroDeNegocio.invalido("gruposComplemento: " + id + " não é um grupo de complementos desta loja");
            }
        }
        return unicos;
    }
}
