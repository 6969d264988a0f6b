package br.com.lojaapi.gateway.idempotencia;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * The idempotency keys in PostgreSQL, shared by every node: the primary key (store, key) decides which request
 * runs, and each statement is its own short transaction, never held while the request runs. A row lives for
 * {@code loja.idempotencia.validade} after its response was stored; an expired row counts as absent.
 */
@Component
public class RegistroDeIdempotencia {

    private static final String EM_ANDAMENTO = "em_andamento";
    private static final TypeReference<List<Cabecalho>> CABECALHOS = new TypeReference<>() {
    };

    private final JdbcTemplate jdbc;
    private final ObjectMapper json;
    private final double validade;

    RegistroDeIdempotencia(JdbcTemplate jdbc, ObjectMapper json,
                           @Value("${loja.idempotencia.validade:24h}") Duration validade) {
        if (validade.compareTo(Duration.ofMinutes(1)) < 0) {
            throw new IllegalStateException("loja.idempotencia.validade deve ser de pelo menos 1 minuto");
        }
        this.jdbc = jdbc;
        this.json = json;
        this.validade = validade.toMillis() / 1000.0;
    }

    record Cabecalho(String nome, String valor) {
    }

    record RespostaGuardada(int status, List<Cabecalho> cabecalhos, byte[] corpo) {
    }

    /** What became of an attempt to claim a key. */
    sealed interface Situacao {
    }

    /** This request holds the key and runs; only it may store the response or release the key. */
    record Reivindicada(String lojaId, String chave, String dono) implements Situacao {
    }

    /** The key is held by a request that has not answered yet. */
    record EmAndamento() implements Situacao {
    }

    /** The key was used for a request with another method, path or body. */
    record OutraRequisicao() implements Situacao {
    }

    record Concluida(RespostaGuardada resposta) implements Situacao {
    }

    Situacao reivindicar(String lojaId, String chave, byte[] impressao) {
        // A row released or expired between the INSERT and the SELECT is claimed on the next turn; three turns
        // cover any realistic interleaving, and a request that still loses them is told the key is busy.
        for (int tentativa = 0; tentativa < 3; tentativa++) {
            String dono = UUID.randomUUID().toString();
            int criadas = jdbc.update("""
                    INSERT INTO idempotencia (loja_id, chave, impressao, estado, dono, criada_em, expira_em)
                    VALUES (?, ?, ?, 'em_andamento', ?, now(), now() + make_interval(secs => ?))
                    ON CONFLICT (loja_id, chave) DO UPDATE
                       SET impressao = EXCLUDED.impressao, estado = EXCLUDED.estado, dono = EXCLUDED.dono,
                           status = NULL, cabecalhos = NULL, corpo = NULL,
                           criada_em = EXCLUDED.criada_em, expira_em = EXCLUDED.expira_em
                     WHERE idempotencia.expira_em <= now()""", lojaId, chave, impressao, dono, validade);
            if (criadas == 1) {
                return new Reivindicada(lojaId, chave, dono);
            }
            List<Situacao> existente = jdbc.query("""
                    SELECT impressao, estado, status, cabecalhos::text, corpo FROM idempotencia
                     WHERE loja_id = ? AND chave = ? AND expira_em > now()""", (rs, i) -> {
                if (!Arrays.equals(rs.getBytes(1), impressao)) {
                    return new OutraRequisicao();
                }
                if (EM_ANDAMENTO.equals(rs.getString(2))) {
                    return new EmAndamento();
                }
                return new Concluida(new RespostaGuardada(rs.getInt(3), ler(rs.getString(4)), rs.getBytes(5)));
            }, lojaId, chave);
            if (!existente.isEmpty()) {
                return existente.get(0);
            }
        }
        return new EmAndamento();
    }

    /** Stores the response; the row then lives for the whole validity from now. */
    void concluir(Reivindicada reivindicada, RespostaGuardada resposta) {
        jdbc.update("""
                UPDATE idempotencia SET estado = 'concluida', status = ?, cabecalhos = ?::jsonb, corpo = ?,
                       expira_em = now() + make_interval(secs => ?)
                 WHERE loja_id = ? AND chave = ? AND dono = ?""", resposta.status(), escrever(resposta.cabecalhos()),
                resposta.corpo(), validade, reivindicada.lojaId(), reivindicada.chave(), reivindicada.dono());
    }

    /** Frees the key after a failure that may be retried: the next request with it runs again. */
    void liberar(Reivindicada reivindicada) {
        jdbc.update("DELETE FROM idempotencia WHERE loja_id = ? AND chave = ? AND dono = ?", reivindicada.lojaId(),
                reivindicada.chave(), reivindicada.dono());
    }

    /** In batches, so that no single statement holds many row locks or runs long. */
    @Scheduled(fixedDelayString = "${loja.idempotencia.limpeza-ms:600000}", initialDelay = 60_000)
    void limparExpirados() {
        while (jdbc.update("""
                DELETE FROM idempotencia WHERE ctid IN (
                    SELECT ctid FROM idempotencia WHERE expira_em <= now() LIMIT 1000 FOR UPDATE SKIP LOCKED)""") > 0) {
            // keep going until a batch comes back empty
        }
    }

    private String escrever(List<Cabecalho> cabecalhos) {
        try {
            return json.writeValueAsString(cabecalhos);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private List<Cabecalho> ler(String cabecalhos) {
        try {
            return json.readValue(cabecalhos, CABECALHOS);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
