package br.com.lojaapi.gateway.produto;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.gateway.acesso.LojaAtual;
import br.com.lojaapi.gateway.banco.Indisponibilidade;
import br.com.lojaapi.gateway.erro.RespostasDeErro;
import br.com.lojaapi.gateway.erro.TratadorDeErros;
import br.com.lojaapi.gateway.leitura.RespostaDeEscrita;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * POST /produtos/lote: each element is one POST /produtos with upsert, run through the same
 * {@link GravacaoDeProduto} in a transaction of its own, so it is saved whole or not at all and its refusal undoes
 * no other. Elements run one after the other in the order sent, on the request's thread: the same codIntegracao
 * twice is created, then updated, exactly as two calls in a row would be (on any node: the code's advisory lock
 * serialises them with every other writer), and a batch holds one database connection at a time, like one client
 * writing in a loop. The answer comes once the read model shows every element saved.
 */
@RestController
@RequestMapping(path = "/v1/produtos", produces = "application/json")
@Tag(name = "Produtos")
class LoteDeProdutosController {

    static final int LOTE_MAXIMO = 100;
    static final String TAMANHO = "produtos: envie de 1 a " + LOTE_MAXIMO + " produtos por lote";
    static final String NAO_E_OBJETO = "Cada produto do lote deve ser um objeto JSON";
    static final String SO_UPSERT = "upsert: no lote todo produto é criado ou atualizado pelo codIntegracao; "
            + "omita o campo ou envie true";
    static final String NAO_PROCESSADO = "Não gravado: o banco de dados ficou indisponível durante o lote; "
            + "envie este produto de novo";

    private final GravacaoDeProduto gravacao;
    private final RespostaDeEscrita escrita;
    private final TratadorDeErros erros;
    private final ObjectReader leitor;

    LoteDeProdutosController(GravacaoDeProduto gravacao, RespostaDeEscrita escrita, TratadorDeErros erros,
                             ObjectMapper json) {
        this.gravacao = gravacao;
        this.escrita = escrita;
        this.erros = erros;
        this.leitor = json.readerFor(CorpoDeProduto.class);
    }

    @PostMapping(path = "/lote", consumes = "application/json")
    @Operation(operationId = "gravarProdutosEmLote",
            summary = "Cria ou atualiza de 1 a 100 produtos pelo codIntegracao, cada um por si",
            description = "Cada elemento é um POST /produtos com upsert: true (codIntegracao obrigatório, variações "
                    + "casadas por codIntegracao ou sku) e recebe, em resultados e na ordem enviada, o status que "
                    + "teria sozinho: 201 criado, 200 atualizado, ou o 4xx com erro. Cada elemento é gravado por "
                    + "inteiro (produto, categoria nova, variações) ou nada dele; a recusa de um não desfaz os "
                    + "outros. Os elementos são gravados em sequência, na ordem enviada: o mesmo codIntegracao duas "
                    + "vezes cria e depois atualiza. O lote conta uma escrita na cota. Eventos e webhooks são os das "
                    + "chamadas avulsas (um produto.atualizado por produto que mudou). A resposta vem quando as "
                    + "leituras já mostram todos os gravados.")
    @ApiResponse(responseCode = "200", description = "O resultado de cada elemento, na ordem enviada",
            content = @Content(schema = @Schema(implementation = LoteDeProdutosJson.class)))
    @ApiResponse(responseCode = "400", description = "O lote inteiro: corpo que não é JSON, produtos ausente, que "
            + "não é lista, vazio ou com mais de 100 elementos. Nada é gravado")
    ResponseEntity<LoteDeProdutosJson> gravar(LojaAtual loja, @RequestBody CorpoDoLoteDeProdutos corpo,
                                              HttpServletRequest requisicao) {
        List<TokenBuffer> enviados = corpo.produtos();
        if (enviados == null || enviados.isEmpty() || enviados.size() > LOTE_MAXIMO) {
            throw ErroDeNegocio.invalido(TAMANHO);
        }
        ResultadoNoLote[] resultados = new ResultadoNoLote[enviados.size()];
        List<Integer> indices = new ArrayList<>();
        List<GravacaoDeProduto.Gravado> gravados = new ArrayList<>();
        boolean semBanco = false;
        for (int i = 0; i < enviados.size(); i++) {
            if (semBanco) {
                resultados[i] = ResultadoNoLote.recusado(i, 503, NAO_PROCESSADO);
                continue;
            }
            try {
                gravados.add(gravacao.gravar(loja.lojaId(), ler(enviados.get(i)), true));
                indices.add(i);
            } catch (IOException | RuntimeException e) {
                ResponseEntity<Object> resposta = erros.comoResposta(e, requisicao);
                resultados[i] = ResultadoNoLote.recusado(i, resposta.getStatusCode().value(), mensagem(resposta));
                // the elements left would each wait for a connection only to fail the same way
                semBanco = Indisponibilidade.classificar(e).isPresent();
            }
        }
        List<Optional<String>> situacoes = escrita.visiveis(loja.lojaId(),
                gravados.stream().map(GravacaoDeProduto.Gravado::esperas).toList());
        for (int k = 0; k < gravados.size(); k++) {
            GravacaoDeProduto.Gravado gravado = gravados.get(k);
            Optional<String> atraso = situacoes.get(k);
            int status = atraso.isPresent() ? 202 : gravado.criado() ? 201 : 200;
            resultados[indices.get(k)] = ResultadoNoLote.gravado(indices.get(k), status, gravado,
                    Stream.concat(gravado.avisos().stream(), atraso.stream()).toList());
        }
        return ResponseEntity.ok(new LoteDeProdutosJson(Arrays.asList(resultados)));
    }

    /** One element read on its own, by the same strict rules as a POST body; upsert is implied. */
    private CorpoDeProduto ler(TokenBuffer elemento) throws IOException {
        if (elemento == null || elemento.firstToken() != JsonToken.START_OBJECT) {
            throw ErroDeNegocio.invalido(NAO_E_OBJETO);
        }
        CorpoDeProduto corpo;
        try (JsonParser tokens = elemento.asParser()) {
            corpo = leitor.readValue(tokens);
        }
        if (corpo.upsert != null && corpo.upsert.isPresent() && !corpo.upsert.get()) {
            throw ErroDeNegocio.invalido(SO_UPSERT);
        }
        return corpo;
    }

    private static String mensagem(ResponseEntity<Object> resposta) {
        if (resposta.getBody() instanceof Map<?, ?> corpo && corpo.get("erro") instanceof String erro) {
            return erro;
        }
        return RespostasDeErro.mensagemPadrao(resposta.getStatusCode().value());
    }
}
