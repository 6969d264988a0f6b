package br.com.lojaapi.gateway.leitura;

import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.gateway.banco.Indisponibilidade;
import br.com.lojaapi.query.comum.LeituraDaPropriaEscrita;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Answers a write only once the read model shows it, so the response body and any later GET, on any node, agree
 * with the write. Two other outcomes are told apart, and the write is durable in both:
 * <ul>
 *   <li>the read model has not caught up within the bound (a stalled projection): 202 with the id, version and a
 *       warning, rather than a body that would be stale;</li>
 *   <li>it caught up, but another request removed the resource right after this write: 202 as well, with the id,
 *       version and a warning saying so (the write's own status would promise a body that is not there).</li>
 * </ul>
 * A third: the database becomes unreachable after the write committed. The write is then 202 too, never the
 * outage's 503, which would tell the client it did not happen and invite it to do it again.
 */
@Component
public class RespostaDeEscrita {

    private static final String ATRASO = "Gravado, mas a leitura ainda não reflete a alteração; consulte novamente em instantes";
    private static final String REMOVIDO_DEPOIS = "Gravado, mas o recurso foi removido logo depois por outra requisição";
    private static final String SEM_BANCO = "Gravado, mas o banco de dados ficou indisponível antes da leitura; "
                                            + "consulte novamente em instantes";

    private final LeituraDaPropriaEscrita leitura;

    public RespostaDeEscrita(LeituraDaPropriaEscrita leitura) {
        this.leitura = leitura;
    }

    /** A read-model row a write changed, at the version to wait for. */
    public record Espera(ModeloLeitura modelo, String id, long versao) {
    }

    public ResponseEntity<Object> criado(ModeloLeitura modelo, String lojaId, String id, long versao, URI local,
                                         Supplier<Optional<?>> leitor) {
        return responder(HttpStatus.CREATED, lojaId, List.of(new Espera(modelo, id, versao)), id, versao, local, leitor);
    }

    public ResponseEntity<Object> alterado(ModeloLeitura modelo, String lojaId, String id, long versao,
                                           Supplier<Optional<?>> leitor) {
        return responder(HttpStatus.OK, lojaId, List.of(new Espera(modelo, id, versao)), id, versao, null, leitor);
    }

    public ResponseEntity<Object> removido(ModeloLeitura modelo, String lojaId, String id, long versao, Object corpo) {
        return feito(lojaId, List.of(new Espera(modelo, id, versao)), id, versao, corpo);
    }

    /**
     * A write answered with a body known beforehand (a removal's receipt, the stock movements made): 200 with it
     * once the read model shows every row the write changed.
     */
    public ResponseEntity<Object> feito(String lojaId, List<Espera> esperas, String id, long versao, Object corpo) {
        return responder(HttpStatus.OK, lojaId, esperas, id, versao, null, () -> Optional.of(corpo));
    }

    /**
     * Waits for every row the write changed (a product and the category it created, say), then reads the body.
     * {@code local}, when given, goes in a Location header.
     */
    public ResponseEntity<Object> responder(HttpStatus status, String lojaId, List<Espera> esperas, String id,
                                            long versao, URI local, Supplier<Optional<?>> leitor) {
        Optional<?> corpo;
        try {
            boolean visivel = leitura.aguardarVersoes(lojaId, alvos(esperas));
            if (!visivel) {
                return aviso(HttpStatus.ACCEPTED, id, versao, local, ATRASO);
            }
            corpo = leitor.get();
        } catch (RuntimeException e) {
            return semBanco(e, id, versao, local);
        }
        if (corpo.isEmpty()) {
            return aviso(HttpStatus.ACCEPTED, id, versao, local, REMOVIDO_DEPOIS);
        }
        ResponseEntity.BodyBuilder resposta = ResponseEntity.status(status);
        if (local != null) {
            resposta.location(local);
        }
        return resposta.body(corpo.get());
    }

    /**
     * For writes answered together (the elements of a batch), each with the rows it changed: per write, empty once
     * the read model shows them all, else the warning of the 202 that write would get on its own. The bound is one
     * for the whole batch: once it has run out, the writes left are checked, not waited for. A write's body is not
     * read, so a removal right after it is not told apart.
     */
    public List<Optional<String>> visiveis(String lojaId, List<List<Espera>> escritas) {
        long prazo = leitura.prazo();
        List<Optional<String>> situacoes = new ArrayList<>();
        boolean semBanco = false;
        for (List<Espera> esperas : escritas) {
            if (!semBanco) {
                try {
                    boolean visivel = leitura.aguardarVersoes(lojaId, alvos(esperas), prazo);
                    situacoes.add(visivel ? Optional.empty() : Optional.of(ATRASO));
                    continue;
                } catch (RuntimeException e) {
                    if (Indisponibilidade.classificar(e).isEmpty()) {
                        throw e;
                    }
                    semBanco = true;
                }
            }
            situacoes.add(Optional.of(SEM_BANCO));
        }
        return situacoes;
    }

    private static List<LeituraDaPropriaEscrita.Alvo> alvos(List<Espera> esperas) {
        return esperas.stream().map(e -> new LeituraDaPropriaEscrita.Alvo(e.modelo(), e.id(), e.versao())).toList();
    }

    /** 202 when reading after the write failed for want of the database; any other failure is the caller's. */
    private static ResponseEntity<Object> semBanco(RuntimeException erro, String id, long versao, URI local) {
        if (Indisponibilidade.classificar(erro).isEmpty()) {
            throw erro;
        }
        return aviso(HttpStatus.ACCEPTED, id, versao, local, SEM_BANCO);
    }

    private static ResponseEntity<Object> aviso(HttpStatus status, String id, long versao, URI local, String aviso) {
        EscritaAceita corpo = new EscritaAceita(id, versao, List.of(aviso));
        ResponseEntity.BodyBuilder resposta = ResponseEntity.status(status);
        if (local != null) {
            resposta.location(local);
        }
        return resposta.body(corpo);
    }
}
