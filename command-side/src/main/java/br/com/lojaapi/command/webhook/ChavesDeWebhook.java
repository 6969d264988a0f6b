package br.com.lojaapi.command.webhook;

import br.com.lojaapi.command.segredo.ChavesMestras;
import br.com.lojaapi.command.segredo.Cifra;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The data keys of webhooks ({@code chave_de_webhook}): one per webhook, random, kept wrapped by the current master
 * key ({@link ChavesMestras}), deleted with the webhook. Every copy of a webhook's secret is sealed under its data
 * key, and so is the stored answer of its creation; the master keys only ever wrap data keys, so a rotation re-wraps
 * this table and touches nothing else. See decision 069.
 */
@Component
public class ChavesDeWebhook implements SegredosDeWebhook {

    private static final int LOTE = 500;

    private final JdbcTemplate jdbc;
    private final ChavesMestras mestras;
    private final TransactionTemplate transacao;

    ChavesDeWebhook(JdbcTemplate jdbc, ChavesMestras mestras, PlatformTransactionManager transacoes) {
        this.jdbc = jdbc;
        this.mestras = mestras;
        this.transacao = new TransactionTemplate(transacoes);
    }

    /** A data key as stored: wrapped by the master key {@code chaveMestra}. */
    record Guardada(String chaveMestra, byte[] cifrada) {
    }

    @Override
    public String selar(String webhookId, String lojaId, String segredo) {
        byte[] chave = Cifra.novaChave();
        ChavesMestras.Envolvida envolvida = mestras.envolver(chave, contextoDaChave(webhookId));
        jdbc.update("INSERT INTO chave_de_webhook (webhook_id, loja_id, chave_mestra, chave_cifrada) "
                    + "VALUES (?, ?, ?, ?)", webhookId, lojaId, envolvida.chaveMestra(), envolvida.cifrada());
        return Base64.getEncoder().encodeToString(
                Cifra.selar(chave, segredo.getBytes(StandardCharsets.UTF_8), contextoDoSegredo(webhookId)));
    }

    @Override
    public void destruir(String webhookId) {
        jdbc.update("DELETE FROM chave_de_webhook WHERE webhook_id = ?", webhookId);
    }

    /**
     * The secret {@code selado} (as {@link #selar} returned it) opened with the data key read with it; empty when the
     * webhook has no data key any more. Throws {@link ChavesMestras.ChaveMestraAusenteException} when the data key
     * was wrapped by a master key this node was not given.
     */
    Optional<String> abrir(String webhookId, Guardada guardada, String selado) {
        if (guardada == null || selado == null) {
            return Optional.empty();
        }
        byte[] chave = mestras.desenvolver(guardada.chaveMestra(), guardada.cifrada(), contextoDaChave(webhookId));
        return Optional.of(new String(Cifra.abrir(chave, Base64.getDecoder().decode(selado),
                contextoDoSegredo(webhookId)), StandardCharsets.UTF_8));
    }

    /** The webhook's secret sealed as the event carries it; empty when the webhook has no data key. */
    public Optional<String> abrir(String webhookId, String selado) {
        return abrir(webhookId, guardada(webhookId).orElse(null), selado);
    }

    /** {@code dados} sealed under the webhook's data key for {@code contexto}; empty when it has none. */
    public Optional<byte[]> selarCom(String webhookId, byte[] dados, String contexto) {
        return guardada(webhookId).map(g -> Cifra.selar(
                mestras.desenvolver(g.chaveMestra(), g.cifrada(), contextoDaChave(webhookId)), dados, contexto));
    }

    /** What {@link #selarCom} sealed; empty once the webhook's data key is gone. */
    public Optional<byte[]> abrirCom(String webhookId, byte[] selado, String contexto) {
        return guardada(webhookId).map(g -> Cifra.abrir(
                mestras.desenvolver(g.chaveMestra(), g.cifrada(), contextoDaChave(webhookId)), selado, contexto));
    }

    /** The current master key's id, and how many data keys each master key wraps (current first). */
    public Map<String, Long> porChaveMestra() {
        Map<String, Long> contagem = new LinkedHashMap<>();
        contagem.put(mestras.idAtual(), 0L);
        jdbc.query("SELECT chave_mestra, count(*) FROM chave_de_webhook GROUP BY chave_mestra ORDER BY chave_mestra",
                rs -> {
                    contagem.put(rs.getString(1), rs.getLong(2));
                });
        return contagem;
    }

    public String chaveMestraAtual() {
        return mestras.idAtual();
    }

    public Set<String> chavesMestrasConhecidas() {
        return mestras.ids();
    }

    /**
     * Re-wraps with the current master key every data key wrapped by another master key this node knows, in short
     * transactions of {@value #LOTE} rows (rows another node is re-wrapping are skipped, not waited for). Returns
     * how many were re-wrapped; the secrets sealed under the data keys are not touched.
     */
    public int reenvolver() {
        int total = 0;
        List<String> antigas = mestras.ids().stream().filter(id -> !id.equals(mestras.idAtual())).toList();
        if (antigas.isEmpty()) {
            return 0;
        }
        while (true) {
            Integer feitas = transacao.execute(status -> {
                List<Object[]> linhas = jdbc.query(con -> {
                    var sql = con.prepareStatement("SELECT webhook_id, chave_mestra, chave_cifrada "
                            + "FROM chave_de_webhook WHERE chave_mestra = ANY (?) LIMIT " + LOTE
                            + " FOR UPDATE SKIP LOCKED");
                    sql.setArray(1, con.createArrayOf("varchar", antigas.toArray()));
                    return sql;
                }, (rs, i) -> new Object[] {rs.getString(1), rs.getString(2), rs.getBytes(3)});
                for (Object[] linha : linhas) {
                    String webhookId = (String) linha[0];
                    byte[] chave = mestras.desenvolver((String) linha[1], (byte[]) linha[2],
                            contextoDaChave(webhookId));
                    ChavesMestras.Envolvida nova = mestras.envolver(chave, contextoDaChave(webhookId));
                    jdbc.update("UPDATE chave_de_webhook SET chave_mestra = ?, chave_cifrada = ? WHERE webhook_id = ?",
                            nova.chaveMestra(), nova.cifrada(), webhookId);
                }
                return linhas.size();
            });
            if (feitas == null || feitas == 0) {
                return total;
            }
            total += feitas;
        }
    }

    /** A webhook whose data key was deleted because its master key was declared lost. */
    public record Descartada(String webhookId, String lojaId, String chaveMestra) {
    }

    /** Deletes the data keys wrapped by {@code chavesMestras} (declared lost by the operator). */
    public List<Descartada> descartar(Set<String> chavesMestras) {
        if (chavesMestras.isEmpty()) {
            return List.of();
        }
        return jdbc.query(con -> {
            var sql = con.prepareStatement("DELETE FROM chave_de_webhook WHERE chave_mestra = ANY (?) "
                    + "RETURNING webhook_id, loja_id, chave_mestra");
            sql.setArray(1, con.createArrayOf("varchar", chavesMestras.toArray()));
            return sql;
        }, (rs, i) -> new Descartada(rs.getString(1), rs.getString(2), rs.getString(3)));
    }

    Optional<Guardada> guardada(String webhookId) {
        return jdbc.query("SELECT chave_mestra, chave_cifrada FROM chave_de_webhook WHERE webhook_id = ?",
                (rs, i) -> new Guardada(rs.getString(1), rs.getBytes(2)), webhookId).stream().findFirst();
    }

    private static String contextoDaChave(String webhookId) {
        return "chave-de-webhook:" + webhookId;
    }

    private static String contextoDoSegredo(String webhookId) {
        return "segredo-de-webhook:" + webhookId;
    }
}
