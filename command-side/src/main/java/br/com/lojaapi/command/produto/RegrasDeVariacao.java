package br.com.lojaapi.command.produto;

import br.com.lojaapi.command.comum.Campos;
import br.com.lojaapi.command.comum.Numeros;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.produto.AlteracaoVariacao;
import br.com.lojaapi.coreapi.produto.DadosVariacao;

import java.math.BigDecimal;
import java.util.Optional;
import java.util.function.Function;

/** A variation's field rules: {@code nome} and {@code valor1} required to create; stock never null. */
final class RegrasDeVariacao {

    private static final DadosVariacao NOVA = new DadosVariacao(null, null, null, null, null, null, null,
            BigDecimal.ZERO.setScale(3), BigDecimal.ZERO.setScale(3));

    private RegrasDeVariacao() {
    }

    static DadosVariacao nova(AlteracaoVariacao alteracao) {
        DadosVariacao dados = aplicar(NOVA, alteracao);
        if (dados.nome() == null) {
            throw ErroDeNegocio.invalido("nome é obrigatório para criar a variação");
        }
        if (dados.valor1() == null) {
            throw ErroDeNegocio.invalido("valor1 é obrigatório para criar a variação");
        }
        return dados;
    }

    static DadosVariacao aplicar(DadosVariacao atual, AlteracaoVariacao a) {
        return new DadosVariacao(
                Campos.obrigatorio(a.nome(), atual.nome(), "nome", v -> RegrasDeProduto.texto(v, 100, "nome", true)),
                Campos.obrigatorio(a.valor1(), atual.valor1(), "valor1", v -> RegrasDeProduto.texto(v, 100, "valor1", true)),
                Campos.opcional(a.valor2(), atual.valor2(), v -> RegrasDeProduto.texto(v, 100, "valor2", false)),
                Campos.opcional(a.preco(), atual.preco(), v -> Numeros.dinheiro(v, "preco")),
                Campos.opcional(a.sku(), atual.sku(), v -> RegrasDeProduto.texto(v, 100, "sku", false)),
                Campos.opcional(a.codigoBarras(), atual.codigoBarras(), v -> RegrasDeProduto.texto(v, 50, "codigoBarras", false)),
                Campos.opcional(a.codIntegracao(), atual.codIntegracao(), v -> RegrasDeProduto.codigo(v, "codIntegracao")),
                Campos.obrigatorio(a.quantidadeEstoque(), atual.quantidadeEstoque(), "quantidadeEstoque",
                        v -> Numeros.quantidade(v, "quantidadeEstoque")),
                Campos.obrigatorio(a.estoqueMinimo(), atual.estoqueMinimo(), "estoqueMinimo",
                        v -> Numeros.quantidade(v, "estoqueMinimo")));
    }

}
