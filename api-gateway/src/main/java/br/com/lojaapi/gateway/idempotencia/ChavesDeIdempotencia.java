package br.com.lojaapi.gateway.idempotencia;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import br.com.lojaapi.command.webhook.ChavesDeWebhook;
import br.com.lojaapi.command.webhook.SegredosEmClaro;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import com.fasterxml.jackson.databind.JsonNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
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
 * <p>
 * A response that shows a webhook's secret (its creation) is stored sealed under that webhook's data key
 * ({@code selada_por}, {@code corpo_selado}; decision 069): never in clear, and destroyed with the webhook, after
 * which a retry is told so (409) instead of being answered.
 */
@Component
public class ChavesDeIdempotencia {

    private static final Logger log = LoggerFactory.getLogger(ChavesDeIdempotencia.class);
    private static final String EM_ANDAMENTO = "em_andamento";
    /** Stored answers are written by this version in format 2; format 1 may hold a secret in clear. */
    private static final int FORMATO = 2;
    private static final TypeReference<List<Cabecalho>> CABECALHOS = new TypeReference<>() {
    };

    private final JdbcTemplate jdbc;
    private final ObjectMapper json;
    private final ChavesDeWebhook chavesDeWebhook;
    private final SegredosEmClaro segredosEmClaro;
    private final TransactionTemplate transacao;
    private final double validade;
    private final double abandono;

    ChavesDeIdempotencia(JdbcTemplate jdbc, ObjectMapper json, ChavesDeWebhook chavesDeWebhook,
                         SegredosEmClaro segredosEmClaro, PlatformTransactionManager transacoes,
                         @Value("${loja.idempotencia.validade:24h}") Duration validade,
                         @Value("${loja.idempotencia.abandono:2m}") Duration abandono) {
        if (abandono.compareTo(Duration.ofSeconds(10)) < 0 || validade.compareTo(abandono) <= 0) {
            throw new IllegalStateException("loja.idempotencia.abandono deve ser de pelo menos 10 s e menor que "
                    + "loja.idempotencia.validade");
        }
        this.jdbc = jdbc;
        this.json = json;
        this.chavesDeWebhook = chavesDeWebhook;
        this.segredosEmClaro = segredosEmClaro;
        this.transacao = new TransactionTemplate(transacoes);
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

    /** The stored response showed the secret of a webhook since removed: it was destroyed with the webhook. */
    record RespostaDestruida() implements Situacao {
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
                               cabecalhos = NULL, corpo = NULL, selada_por = NULL, corpo_selado = NULL,
                               recurso_id = NULL, recurso_local = NULL, formato = 1, criada_em = now(),
                               expira_em = now() + make_interval(secs => ?)
                         WHERE loja_id = ? AND chave = ? AND expira_em <= now()""", impressao, dono, validade,
                        lojaId, chave);
            }
            if (criadas == 1) {
                return new Reivindicada(lojaId, chave, dono);
            }
            List<Existente> existente = jdbc.query("""
                    SELECT impressao, estado, status, cabecalhos::text, corpo, dono, efetivada,
                           criada_em < now() - make_interval(secs => ?), selada_por, corpo_selado,
                           recurso_id, recurso_local
                      FROM idempotencia WHERE loja_id = ? AND chave = ? AND expira_em > now()""",
                    (rs, i) -> new Existente(rs.getBytes(1), rs.getString(2), rs.getInt(3), rs.getString(4),
                            rs.getBytes(5), rs.getString(6), rs.getBoolean(7), rs.getBoolean(8), rs.getString(9),
                            rs.getBytes(10),
                            rs.getString(11) == null ? null : new RecursoGuardado(rs.getString(11), rs.getString(12))),
                    abandono, lojaId, chave);
            if (existente.isEmpty()) {
                continue;
            }
            Existente linha = existente.get(0);
            if (!Arrays.equals(linha.impressao(), impressao)) {
                return new OutraRequisicao();
            }
            if (!EM_ANDAMENTO.equals(linha.estado())) {
                Optional<byte[]> corpo = linha.seladaPor() == null ? Optional.ofNullable(linha.corpo())
                        : abrir(lojaId, chave, linha.seladaPor(), linha.corpoSelado());
                if (linha.seladaPor() != null && corpo.isEmpty()) {
                    return new RespostaDestruida();
                }
                return new Concluida(new RespostaGuardada(linha.status(), ler(linha.cabecalhos()),
                        corpo.orElse(null)));
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

    /**
     * Stores the response; the row then lives for the whole validity from now. With {@code seladaPor} (a webhook
     * whose secret the body shows) the body is stored sealed under that webhook's data key, or not at all when the
     * webhook is already gone.
     */
    void concluir(Reivindicada reivindicada, RespostaGuardada resposta, String seladaPor) {
        byte[] corpo = resposta.corpo();
        byte[] selado = null;
        if (seladaPor != null) {
            selado = chavesDeWebhook.selarCom(seladaPor, corpo, contexto(reivindicada.lojaId(), reivindicada.chave()))
                                    .orElse(null);
            corpo = null;
        }
        jdbc.update("""
                UPDATE idempotencia SET estado = 'concluida', status = ?, cabecalhos = ?::jsonb, corpo = ?,
                       selada_por = ?, corpo_selado = ?, formato = ?, expira_em = now() + make_interval(secs => ?)
                 WHERE loja_id = ? AND chave = ? AND dono = ?""", resposta.status(), escrever(resposta.cabecalhos()),
                corpo, seladaPor, selado, FORMATO, validade, reivindicada.lojaId(), reivindicada.chave(),
                reivindicada.dono());
    }

    private Optional<byte[]> abrir(String lojaId, String chave, String webhookId, byte[] selado) {
        return selado == null ? Optional.empty()
                : chavesDeWebhook.abrirCom(webhookId, selado, contexto(lojaId, chave));
    }

    /** What a stored body is sealed for: this store's key, so it cannot be moved to another row. */
    private static String contexto(String lojaId, String chave) {
        return "resposta-guardada:" + lojaId + ":" + chave;
    }

    /** Stored answers of the previous version (format 1) that show a webhook's secret in clear. */
    public long respostasEmClaro() {
        Long n = jdbc.queryForObject("""
                SELECT count(*) FROM idempotencia
                 WHERE formato = 1 AND estado = 'concluida' AND position('whsec_'::bytea IN corpo) > 0""", Long.class);
        return n == null ? 0 : n;
    }

    /** How many stored answers with a secret in clear were sealed, and how many destroyed. */
    public record RespostasCifradas(int seladas, int destruidas) {
    }

    /**
     * Seals the stored answers of the previous version that show a webhook's secret, as this version stores them,
     * or destroys them if the webhook is gone; every other answer of that version is only marked as looked at.
     * Answers of webhooks whose own secret is still in clear are left for the next sweep (they get a data key first).
     */
    public RespostasCifradas selarRespostasAntigas() {
        jdbc.update("""
                UPDATE idempotencia SET formato = 2
                 WHERE formato = 1 AND estado = 'concluida'
                   AND (corpo IS NULL OR position('whsec_'::bytea IN corpo) = 0)""");
        int[] feitas = {0, 0};
        while (true) {
            Integer lote = transacao.execute(status -> {
                List<Object[]> linhas = jdbc.query("""
                        SELECT loja_id, chave, corpo FROM idempotencia
                         WHERE formato = 1 AND estado = 'concluida' AND position('whsec_'::bytea IN corpo) > 0
                         LIMIT 100 FOR UPDATE SKIP LOCKED""",
                        (rs, i) -> new Object[] {rs.getString(1), rs.getString(2), rs.getBytes(3)});
                int mudadas = 0;
                for (Object[] linha : linhas) {
                    mudadas += selarRespostaAntiga((String) linha[0], (String) linha[1], (byte[]) linha[2], feitas);
                }
                return mudadas;
            });
            if (lote == null || lote == 0) {
                break;
            }
        }
        if (feitas[0] + feitas[1] > 0) {
            log.info("Respostas guardadas (Idempotency-Key) da versão anterior com secret em claro: {} cifradas, {} "
                     + "destruídas (webhooks removidos)", feitas[0], feitas[1]);
        }
        return new RespostasCifradas(feitas[0], feitas[1]);
    }

    private int selarRespostaAntiga(String lojaId, String chave, byte[] corpo, int[] feitas) {
        String webhookId = webhookDoSegredo(corpo);
        if (webhookId == null) {
            return jdbc.update("UPDATE idempotencia SET formato = 2 WHERE loja_id = ? AND chave = ?", lojaId, chave);
        }
        Optional<byte[]> selado = chavesDeWebhook.selarCom(webhookId, corpo, contexto(lojaId, chave));
        if (selado.isEmpty() && segredosEmClaro.pendente(webhookId)) {
            return 0;
        }
        feitas[selado.isPresent() ? 0 : 1]++;
        return jdbc.update("""
                UPDATE idempotencia SET corpo = NULL, selada_por = ?, corpo_selado = ?, formato = 2
                 WHERE loja_id = ? AND chave = ?""", webhookId, selado.orElse(null), lojaId, chave);
    }

    /** The webhook whose secret a stored body shows (a creation's 201: its id and secret), or null. */
    private String webhookDoSegredo(byte[] corpo) {
        try {
            JsonNode lido = json.readTree(corpo);
            JsonNode id = lido == null ? null : lido.get("id");
            JsonNode secret = lido == null ? null : lido.get("secret");
            return id != null && id.isTextual() && secret != null && secret.isTextual()
                   && secret.asText().startsWith("whsec_") ? id.asText() : null;
        } catch (IOException e) {
            return null;
        }
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
                             String dono, boolean efetivada, boolean abandonada, String seladaPor,
                             byte[] corpoSelado, RecursoGuardado recurso) {
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
