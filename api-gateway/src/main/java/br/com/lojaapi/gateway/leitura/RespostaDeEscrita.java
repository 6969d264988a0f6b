package br.com.lojaapi.gateway.leitura;

import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Answers a write only once the read model shows it, so the response body and any later GET, on any node, agree
 * with the write. If the read model has not caught up within the bound (a stalled projection), the write is still
 * durable: the answer is then 202 with the id and version, and a warning, rather than a body that would be stale.
 */
@Component
public class RespostaDeEscrita {

    private static final String ATRASO = "Gravado, mas a leitura ainda não reflete a alteração; consulte novamente em instantes";

    private final LeituraDaPropriaEscrita leitura;

    public RespostaDeEscrita(LeituraDaPropriaEscrita leitura) {
        this.leitura = leitura;
    }

    public ResponseEntity<Object> criado(ModeloLeitura modelo, String lojaId, String id, long versao, URI local,
                                         Supplier<Optional<?>> leitor) {
        return responder(HttpStatus.CREATED, modelo, lojaId, id, versao, local, leitor);
    }

    public ResponseEntity<Object> alterado(ModeloLeitura modelo, String lojaId, String id, long versao,
                                           Supplier<Optional<?>> leitor) {
        return responder(HttpStatus.OK, modelo, lojaId, id, versao, null, leitor);
    }

    public ResponseEntity<Object> removido(ModeloLeitura modelo, String lojaId, String id, long versao, Object corpo) {
        if (leitura.aguardarVersao(modelo, lojaId, id, versao)) {
            return ResponseEntity.ok(corpo);
        }
        return pendente(id, versao, null);
    }

    private ResponseEntity<Object> responder(HttpStatus status, ModeloLeitura modelo, String lojaId, String id,
                                             long versao, URI local, Supplier<Optional<?>> leitor) {
        if (leitura.aguardarVersao(modelo, lojaId, id, versao)) {
            Optional<?> corpo = leitor.get();
            if (corpo.isPresent()) {
                ResponseEntity.BodyBuilder resposta = ResponseEntity.status(status);
                if (local != null) {
                    resposta.location(local);
                }
                return resposta.body(corpo.get());
            }
        }
        return pendente(id, versao, local);
    }

    /** 202: the write is durable but its read model has not caught up within the bound. */
    public static ResponseEntity<Object> pendente(String id, long versao, URI local) {
        Map<String, Object> corpo = new LinkedHashMap<>();
        corpo.put("id", id);
        corpo.put("versao", versao);
        corpo.put("avisos", java.util.List.of(ATRASO));
        ResponseEntity.BodyBuilder resposta = ResponseEntity.status(HttpStatus.ACCEPTED);
        if (local != null) {
            resposta.location(local);
        }
        return resposta.body(corpo);
    }
}
