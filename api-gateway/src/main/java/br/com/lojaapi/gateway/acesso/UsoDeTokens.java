package br.com.lojaapi.gateway.acesso;

import br.com.lojaapi.gateway.banco.DisponibilidadeDoBanco;
import jakarta.annotation.PreDestroy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Counts requests per token in memory and adds them to {@code api_token} about once a second, so a busy token
 * does not turn every request into an UPDATE of the same row. A node that dies loses at most its last second, and
 * a database outage the counts of the second it began (logged once, as the outage).
 */
@Component
public class UsoDeTokens {

    private static final Logger log = LoggerFactory.getLogger(UsoDeTokens.class);

    private final JdbcTemplate jdbc;
    private final DisponibilidadeDoBanco banco;
    private final Map<String, Uso> pendentes = new ConcurrentHashMap<>();

    UsoDeTokens(JdbcTemplate jdbc, DisponibilidadeDoBanco banco) {
        this.jdbc = jdbc;
        this.banco = banco;
    }

    private record Uso(long requisicoes, Instant ultimo) {
        Uso somar(Uso outro) {
            return new Uso(requisicoes + outro.requisicoes, ultimo.isAfter(outro.ultimo) ? ultimo : outro.ultimo);
        }
    }

    void registrar(String tokenId, Instant agora) {
        pendentes.merge(tokenId, new Uso(1, agora), Uso::somar);
    }

    @Scheduled(fixedDelayString = "${loja.tokens.gravar-uso-ms:1000}")
    @PreDestroy
    public void gravar() {
        List<Object[]> lote = new ArrayList<>();
        for (String tokenId : List.copyOf(pendentes.keySet())) {
            Uso uso = pendentes.remove(tokenId);
            if (uso != null) {
                Timestamp ultimo = Timestamp.from(uso.ultimo());
                lote.add(new Object[]{uso.requisicoes(), ultimo, ultimo, tokenId});
            }
        }
        if (lote.isEmpty()) {
            return;
        }
        try {
            jdbc.batchUpdate("""
                    UPDATE api_token SET requisicoes = requisicoes + ?,
                           ultimo_uso_em = GREATEST(COALESCE(ultimo_uso_em, ?), ?)
                     WHERE id = ?""", lote);
        } catch (RuntimeException e) {
            if (banco.explica(e)) {
                return;
            }
            log.warn("Não foi possível gravar o uso de {} tokens: {}", lote.size(), e.toString());
        }
    }
}
