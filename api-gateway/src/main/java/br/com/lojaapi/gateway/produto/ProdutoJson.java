package br.com.lojaapi.gateway.produto;

import br.com.lojaapi.command.entrega.RecursosComoGet;
import br.com.lojaapi.coreapi.produto.DadosProduto;
import br.com.lojaapi.coreapi.produto.ProdutoView;
import br.com.lojaapi.coreapi.produto.Referencia;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

@Schema(name = "Produto")
public record ProdutoJson(String id, String nome, @Schema(nullable = true) String descricao, BigDecimal preco,
                   @Schema(nullable = true) BigDecimal precoPromocional,
                   List<String> imagens, @Schema(nullable = true) String codigoBarras,
                   @Schema(nullable = true) String sku, @Schema(nullable = true) String referencia,
                   @Schema(nullable = true) Long codIntegracao,
                   @Schema(format = "uri", example = "https://mercado-azul.lojas.example.com/produto/6f1c2a9e")
                   String url,
                   boolean disponivel, boolean destaque, int ordem, boolean controlaEstoque,
                   BigDecimal quantidadeEstoque, BigDecimal estoqueMinimo, @Schema(nullable = true) String unidade,
                   @Schema(nullable = true) BigDecimal multiploVenda,
                   @Schema(nullable = true) BigDecimal peso, @Schema(nullable = true) BigDecimal altura,
                   @Schema(nullable = true) BigDecimal largura, @Schema(nullable = true) BigDecimal comprimento,
                   String categoriaId, @Schema(nullable = true) Ref categoria, List<VariacaoJson> variacoes,
                   @Schema(description = "Grupos de complementos vinculados (extensão)") List<Ref> gruposComplemento,
                   Instant criadoEm, Instant atualizadoEm,
                   @Schema(description = "Versão do agregado após a última alteração (extensão)") long versao,
                   @JsonInclude(JsonInclude.Include.NON_NULL)
                   @Schema(description = "Só no modo upsert: criado ou atualizado", allowableValues = {"criado", "atualizado"})
                   String operacao,
                   @JsonInclude(JsonInclude.Include.NON_EMPTY)
                   @Schema(description = "Avisos que não impediram a operação") List<String> avisos)
        implements RecursosComoGet.Produto {

    @Schema(name = "ReferenciaNome")
    record Ref(String id, String nome) {
        static Ref de(Referencia referencia) {
            return referencia == null ? null : new Ref(referencia.id(), referencia.nome());
        }
    }

    static ProdutoJson de(ProdutoView view, String url) {
        DadosProduto d = view.dados();
        return new ProdutoJson(view.id(), d.nome(), d.descricao(), d.preco(), d.precoPromocional(), d.imagens(),
                d.codigoBarras(), d.sku(), d.referencia(), d.codIntegracao(), url, d.disponivel(), d.destaque(),
                d.ordem(), d.controlaEstoque(), d.quantidadeEstoque(), d.estoqueMinimo(), d.unidade(),
                d.multiploVenda(), d.peso(), d.altura(), d.largura(), d.comprimento(), d.categoriaId(),
                Ref.de(view.categoria()), view.variacoes().stream().map(VariacaoJson::de).toList(),
                view.gruposComplemento().stream().map(Ref::de).toList(), view.criadoEm(), view.atualizadoEm(),
                view.versao(), null, List.of());
    }

    ProdutoJson com(String novaOperacao, List<String> novosAvisos) {
        return new ProdutoJson(id, nome, descricao, preco, precoPromocional, imagens, codigoBarras, sku, referencia,
                codIntegracao, url, disponivel, destaque, ordem, controlaEstoque, quantidadeEstoque, estoqueMinimo,
                unidade, multiploVenda, peso, altura, largura, comprimento, categoriaId, categoria, variacoes,
                gruposComplemento, criadoEm, atualizadoEm, versao, novaOperacao, List.copyOf(novosAvisos));
    }
}
