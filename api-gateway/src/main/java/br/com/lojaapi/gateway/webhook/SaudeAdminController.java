package br.com.lojaapi.gateway.webhook;

import br.com.lojaapi.command.entrega.FilaDeWebhooks;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.loja.NomesDasLojas;
import br.com.lojaapi.coreapi.loja.NomesDasLojasQuery;
import io.swagger.v3.oas.annotations.Operation;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Every store's endpoints by health, for the operator: open circuits first, then the most consecutive failures,
 * then the biggest backlog.
 */
@RestController
@RequestMapping(path = "/admin/webhooks", produces = "application/json")
class SaudeAdminController {

    static final int LIMITE_PADRAO = 100;
    static final int LIMITE_MAXIMO = 1000;

    private final FilaDeWebhooks fila;
    private final QueryGateway consultas;

    SaudeAdminController(FilaDeWebhooks fila, QueryGateway consultas) {
        this.fila = fila;
        this.consultas = consultas;
    }

    /**
     * One endpoint's health, with the store (its id and name: null while the store's read model does not show it)
     * and webhook it belongs to.
     */
    record SaudeDoEndpointJson(String lojaId, String lojaNome, String webhookId, SaudeJson saude) {
    }

    @GetMapping
    @Operation(operationId = "listarSaudeDosWebhooksPeloOperador")
    List<SaudeDoEndpointJson> listar(@RequestParam(required = false) String circuito,
                                     @RequestParam(required = false) Integer limite) {
        if (circuito != null && !circuito.equals(FilaDeWebhooks.ABERTO)) {
            throw ErroDeNegocio.invalido("circuito: só ABERTO filtra; sem o parâmetro, todos os endpoints");
        }
        int n = limite == null ? LIMITE_PADRAO : limite;
        if (n < 1 || n > LIMITE_MAXIMO) {
            throw ErroDeNegocio.invalido("limite: de 1 a " + LIMITE_MAXIMO);
        }
        List<FilaDeWebhooks.Saude> saudes = fila.todas(circuito != null, n);
        Map<String, String> nomes = consultas.query(new NomesDasLojasQuery(saudes.stream()
                .map(FilaDeWebhooks.Saude::lojaId).collect(Collectors.toSet())), NomesDasLojas.class)
                .join().nomes();
        return saudes.stream().map(s -> new SaudeDoEndpointJson(s.lojaId(), nomes.get(s.lojaId()), s.webhookId(),
                SaudeJson.de(s))).toList();
    }
}
