package br.com.lojaapi.gateway.web;

import br.com.lojaapi.apoio.TesteDeApi;
import br.com.lojaapi.query.comum.LeituraInstantanea;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class LeituraInstantaneaTest extends TesteDeApi {

    @Autowired
    PlatformTransactionManager transacoes;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void leEmRepeatableReadSoDeLeituraEDeixaAConexaoComoEstava() {
        LeituraInstantanea leitura = new LeituraInstantanea(transacoes, jdbc);

        List<String> dentro = leitura.executar(() -> List.of(
                jdbc.queryForObject("SHOW transaction_isolation", String.class),
                jdbc.queryForObject("SHOW transaction_read_only", String.class)));

        assertThat(dentro).containsExactly("repeatable read", "on");
        // The next transaction of whichever pooled connection that was starts at the default level again.
        for (int i = 0; i < 30; i++) {
            assertThat(jdbc.queryForObject("SHOW transaction_isolation", String.class)).isEqualTo("read committed");
        }
    }
}
