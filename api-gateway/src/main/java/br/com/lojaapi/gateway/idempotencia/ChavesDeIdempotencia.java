package br.com.lojaapi.gateway.idempotencia;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
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
 * <p>
 * A claim still in progress after {@code loja.idempotencia.abandono} was left by a node that stopped, or by a
 * request far slower than any should be. If none of its commands committed ({@code efetivada} false), a retry takes
 * it over by compare-and-set and runs; the old request, should it still be running, then fails its commit in
 * {@link #marcarEfetivada}, so only one of the two ever has an effect. If one did commit, the response is lost
 * for good and a retry is told so (409) instead of doing it again, with the resource the request created or
 * changed, recorded by the same commit ({@link RecursoDaRequisicao}), so that the client can read it.
 */
@Component
public class ChavesDeIdempotencia {

    private static final String EM_ANDAMENTO = "em_andamento";
    private static final TypeReference<List<Cabecalho>> CABECALHOS = new TypeReference<>() {
    };

    private final JdbcTemplate jdbc;
    private final ObjectMapper json;
    private final double validade;
    private final double abandono;

    ChavesDeIdempotencia(JdbcTemplate jdbc, ObjectMapper json,
                           @Value("${loja.idempotencia.validade:24h}") Duration validade,
                           @Value("${loja.idempotencia.abandono:2m}") Duration abandono) {
        if (abandono.compareTo(Duration.ofSeconds(10)) < 0 || validade.compareTo(abandono) <= 0) {
            throw new IllegalStateException("loja.idempotencia.abandono deve ser de pelo menos 10 s e menor que "
                    + "loja.idempotencia.validade");
        }
        this.jdbc = jdbc;
        this.json = json;
        this.validade = validade.toMillis() / 1000.0;
        this.abandono = abandono.toMillis() / 1000.0;
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

    /**
     * The request with this key changed something and then stopped before storing its response; {@code recurso} is
     * what it created or changed, null when it named no single resource.
     */
    record AplicadaSemResposta(RecursoGuardado recurso) implements Situacao {
    }

    /** A resource's id and the path a GET reads it at (as a 201's Location). */
    record RecursoGuardado(String id, String local) {
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
            // DO NOTHING rather than DO UPDATE ... WHERE expired: DO UPDATE would wait for the row lock a command
            // of the running request holds on its key (efetivada) until that commits, and the answer is a 409 now.
            int criadas = jdbc.update("""
                    INSERT INTO idempotencia (loja_id, chave, impressao, estado, dono, criada_em, expira_em)
                    VALUES (?, ?, ?, 'em_andamento', ?, now(), now() + make_interval(secs => ?))
                    ON CONFLICT (loja_id, chave) DO NOTHING""", lojaId, chave, impressao, dono, validade);
            if (criadas == 0) {
                criadas = jdbc.update("""
                        UPDATE idempotencia
                           SET impressao = ?, estado = 'em_andamento', dono = ?, efetivada = FALSE, status = NULL,
                               cabecalhos = NULL, corpo = NULL, recurso_id = NULL, recurso_local = NULL,
                               criada_em = now(),
                               expira_em = now() + make_interval(secs => ?)
                         WHERE loja_id = ? AND chave = ? AND expira_em <= now()""", impressao, dono, validade,
                        lojaId, chave);
            }
            if (criadas == 1) {
                return new Reivindicada(lojaId, chave, dono);
            }
            List<Existente> existente = jdbc.query("""
                    SELECT impressao, estado, status, cabecalhos::text, corpo, dono, efetivada,
                           criada_em < now() - make_interval(secs => ?), recurso_id, recurso_local
                      FROM idempotencia WHERE loja_id = ? AND chave = ? AND expira_em > now()""",
                    (rs, i) -> new Existente(rs.getBytes(1), rs.getString(2), rs.getInt(3), rs.getString(4),
                            rs.getBytes(5), rs.getString(6), rs.getBoolean(7), rs.getBoolean(8),
                            rs.getString(9) == null ? null : new RecursoGuardado(rs.getString(9), rs.getString(10))),
                    abandono, lojaId, chave);
            if (existente.isEmpty()) {
                continue;
            }
            Existente linha = existente.get(0);
            if (!Arrays.equals(linha.impressao(), impressao)) {
                return new OutraRequisicao();
            }
            if (!EM_ANDAMENTO.equals(linha.estado())) {
                return new Concluida(new RespostaGuardada(linha.status(), ler(linha.cabecalhos()), linha.corpo()));
            }
            if (!linha.abandonada()) {
                return new EmAndamento();
            }
            if (linha.efetivada()) {
                return new AplicadaSemResposta(linha.recurso());
            }
            if (jdbc.update("""
                    UPDATE idempotencia SET dono = ?, criada_em = now()
                     WHERE loja_id = ? AND chave = ? AND dono = ? AND estado = 'em_andamento' AND NOT efetivada""",
                    dono, lojaId, chave, linha.dono()) == 1) {
                return new Reivindicada(lojaId, chave, dono);
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

    /**
     * Frees the key after a failure, so that the next request with it runs again; unless a command of the request
     * committed: running it again would do that twice, so the key stays as it is.
     */
    void liberar(Reivindicada reivindicada) {
        jdbc.update("DELETE FROM idempotencia WHERE loja_id = ? AND chave = ? AND dono = ? AND NOT efetivada",
                reivindicada.lojaId(), reivindicada.chave(), reivindicada.dono());
    }

    /**
     * Called inside the transaction of a command the request sends: commits with it, or not at all, and with it the
     * resource the request creates or changes ({@code recurso}; when null, one recorded by an earlier command of the
     * request stays). A claim taken over meanwhile (see the class comment) makes the command fail instead of
     * committing.
     */
    void marcarEfetivada(Reivindicada reivindicada, RecursoGuardado recurso) {
        if (jdbc.update("""
                UPDATE idempotencia SET efetivada = TRUE, recurso_id = COALESCE(?, recurso_id),
                       recurso_local = COALESCE(?, recurso_local)
                 WHERE loja_id = ? AND chave = ? AND dono = ?""", recurso == null ? null : recurso.id(),
                recurso == null ? null : recurso.local(), reivindicada.lojaId(), reivindicada.chave(),
                reivindicada.dono()) == 0) {
            throw ErroDeNegocio.conflito("Outra requisição com esta Idempotency-Key assumiu a operação depois de "
                    + "esta demorar demais; nada foi feito por esta, repita para receber a resposta daquela");
        }
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

    private record Existente(byte[] impressao, String estado, int status, String cabecalhos, byte[] corpo,
                             String dono, boolean efetivada, boolean abandonada, RecursoGuardado recurso) {
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
