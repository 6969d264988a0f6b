package br.com.lojaapi.gateway.estoque;

import br.com.lojaapi.command.produto.MovimentosDeEstoque;
import br.com.lojaapi.coreapi.comum.CodigoErro;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.produto.BuscarProdutoQuery;
import br.com.lojaapi.coreapi.produto.MovimentoDeEstoque;
import br.com.lojaapi.coreapi.produto.ProdutoView;
import br.com.lojaapi.gateway.acesso.LojaAtual;
import br.com.lojaapi.gateway.leitura.RespostaDeEscrita;
import br.com.lojaapi.gateway.web.Ids;
import br.com.lojaapi.gateway.web.Recurso;
import br.com.lojaapi.gateway.web.Recursos;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

@RestController
@RequestMapping(path = "/v1/estoque", produces = "application/json", consumes = "application/json")
@Tag(name = "Estoque")
class EstoqueController {

    private final MovimentosDeEstoque movimentos;
    /** What stock moves write: products (and their variations). */
    private final Recurso<ProdutoView> produtos;

    EstoqueController(Recursos recursos, MovimentosDeEstoque movimentos) {
        this.movimentos = movimentos;
        this.produtos = recursos.de(ModeloLeitura.PRODUTO, "Produto não encontrado",
                recursos.consulta(BuscarProdutoQuery::new, ProdutoView.class, Function.identity()))
                                .comLocal("/v1/produtos/");
    }

    @Schema(name = "MovimentoRegistrado")
    record MovimentoJson(String movimentoId, String produtoId, @Schema(nullable = true) String variacaoId, String tipo,
                         BigDecimal quantidade,
                         @Schema(description = "Estoque antes (da variação, quando variacaoId)") BigDecimal quantidadeAnterior,
                         @Schema(description = "Estoque depois (da variação, quando variacaoId)") BigDecimal quantidadeAtual,
                         Instant criadoEm) {

        static MovimentoJson de(MovimentoDeEstoque m) {
            return new MovimentoJson(m.movimentoId(), m.produtoId(), m.variacaoId(), m.tipo().name(), m.quantidade(),
                    m.quantidadeAnterior(), m.quantidadeAtual(), m.criadoEm());
        }
    }

    @Schema(name = "LoteDeEstoque")
    record Lote(@ArraySchema(minItems = 1, maxItems = MovimentosDeEstoque.LOTE_MAXIMO) List<CorpoDeMovimento> movimentos) {
    }

    @Schema(name = "LoteDeEstoqueRegistrado")
    record LoteJson(List<MovimentoJson> movimentos) {
    }

    @PostMapping
    @Operation(operationId = "movimentarEstoque",
            summary = "Registra um movimento de estoque",
            description = """
                    Num produto que controla estoque, uma SAIDA que deixaria o estoque negativo dá 400 e nada \
                    muda. Com variacaoId o movimento vale para a variação.""")
    @ApiResponse(responseCode = "200", description = "Registrado",
            content = @Content(schema = @Schema(implementation = MovimentoJson.class)))
    @ApiResponse(responseCode = "400", description = "Campo inválido, produto desconhecido, estoque insuficiente")
    ResponseEntity<Object> movimentar(LojaAtual loja, @RequestBody CorpoDeMovimento corpo) {
        if (Ids.opcional(corpo.produtoId()) == null && corpo.codIntegracao() == null && corpo.sku() == null) {
            throw ErroDeNegocio.invalido("produtoId é obrigatório");
        }
        // The product moved, which the command side finds by produtoId, codIntegracao or sku. A batch names none.
        produtos.anunciarAlvoDoComando();
        List<MovimentoDeEstoque> feitos = executar(loja, List.of(corpo), false);
        return responder(loja, feitos, MovimentoJson.de(feitos.get(0)));
    }

    @PostMapping("/lote")
    @Operation(operationId = "movimentarEstoqueEmLote",
            summary = "Registra de 1 a 500 movimentos, todos ou nenhum",
            description = """
                    Aplicados na ordem enviada numa só transação; a falha de um elemento desfaz todos e o 400 \
                    traz indice, a posição do primeiro que falhou.""")
    @ApiResponse(responseCode = "200", description = "Todos registrados, na ordem enviada",
            content = @Content(schema = @Schema(implementation = LoteJson.class)))
    @ApiResponse(responseCode = "400", description = "{erro, indice}: nada foi alterado")
    ResponseEntity<Object> lote(LojaAtual loja, @RequestBody Lote corpo) {
        if (corpo.movimentos() == null || corpo.movimentos().isEmpty()
                || corpo.movimentos().size() > MovimentosDeEstoque.LOTE_MAXIMO) {
            throw ErroDeNegocio.invalido("movimentos: de 1 a " + MovimentosDeEstoque.LOTE_MAXIMO + " por lote");
        }
        List<MovimentoDeEstoque> feitos = executar(loja, corpo.movimentos(), true);
        return responder(loja, feitos, new LoteJson(feitos.stream().map(MovimentoJson::de).toList()));
    }

    private List<MovimentoDeEstoque> executar(LojaAtual loja, List<CorpoDeMovimento> enviados, boolean lote) {
        List<MovimentosDeEstoque.Movimento> lista = new ArrayList<>();
        for (int i = 0; i < enviados.size(); i++) {
            CorpoDeMovimento m = enviados.get(i);
            String prefixo = lote ? "movimentos[" + i + "]: " : "";
            if (m == null) {
                throw erro(lote, i, prefixo + "cada movimento deve ser um objeto");
            }
            lista.add(new MovimentosDeEstoque.Movimento(Ids.novo(), Ids.opcional(m.produtoId()), m.codIntegracao(),
                    m.sku(), Ids.opcional(m.variacaoId()), m.tipo(), m.quantidade(), m.observacao()));
        }
        return produtos.executar(agora -> movimentos.movimentar(loja.lojaId(), lista, lote, agora));
    }

    /** Waits until every product moved shows its last movement, then answers with the movements. */
    private ResponseEntity<Object> responder(LojaAtual loja, List<MovimentoDeEstoque> feitos, Object corpo) {
        Map<String, Long> versoes = new LinkedHashMap<>();
        feitos.forEach(m -> versoes.merge(m.produtoId(), m.versao(), Math::max));
        List<RespostaDeEscrita.Espera> esperas = versoes.entrySet().stream()
                .map(e -> new RespostaDeEscrita.Espera(ModeloLeitura.PRODUTO, e.getKey(), e.getValue())).toList();
        MovimentoDeEstoque ultimo = feitos.get(feitos.size() - 1);
        return produtos.feito(loja.lojaId(), esperas, ultimo.movimentoId(), ultimo.versao(), corpo);
    }

    private static ErroDeNegocio erro(boolean lote, int indice, String mensagem) {
        return lote ? new ErroDeNegocio(CodigoErro.INVALIDO, mensagem,
                Map.of("indice", indice)) : ErroDeNegocio.invalido(mensagem);
    }
}
