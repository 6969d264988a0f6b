package br.com.lojaapi.gateway.banco;

import br.com.lojaapi.gateway.infra.DiretorioDeDados;
import br.com.lojaapi.query.processamento.IdentidadeDoNo;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.util.DriverDataSource;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import javax.sql.DataSource;
import java.io.IOException;
import java.time.Duration;
import java.util.Properties;

/**
 * The one DataSource: an external PostgreSQL when {@code DATABASE_URL} is set, else the embedded server under
 * {@code DATA_DIR/pg}. The pool depends on the server bean, so Spring closes the pool before stopping the server.
 * An outage is watched by {@link DisponibilidadeDoBanco}, which the pool's two ends consult
 * ({@link ConexoesVigiadas}, {@link ConexoesNovas}). With read replicas configured, the DataSource routes a store
 * read to one of them when it is current enough ({@link ConexoesRoteadas}, decision 074).
 */
@Configuration(proxyBeanMethods = false)
public class ConfiguracaoDoBanco {

    private static final Duration PARADA_NO_MAXIMO = Duration.ofSeconds(30);

    @Bean(destroyMethod = "close")
    BancoDaAplicacao bancoDaAplicacao(@Value("${loja.banco.url:}") String url,
                                      @Value("${loja.banco.usuario:}") String usuario,
                                      @Value("${loja.banco.senha:}") String senha,
                                      DiretorioDeDados dados,
                                      @Value("${loja.banco.embutido-duravel:true}") boolean duravel) throws IOException {
        if (!url.isBlank()) {
            return BancoDaAplicacao.externo(UrlDoBanco.interpretar(url, usuario, senha));
        }
        return BancoDaAplicacao.embutido(dados.resolver("pg"), duravel);
    }

    @Bean(destroyMethod = "close")
    DisponibilidadeDoBanco disponibilidadeDoBanco(BancoDaAplicacao banco, ApplicationEventPublisher eventos,
                                                  MeterRegistry metricas) {
        DisponibilidadeDoBanco disponibilidade = new DisponibilidadeDoBanco(banco.url(), eventos);
        // What readiness says about the database, for dashboards and alerts (deploy/grafana, deploy/prometheus):
        // 0 from a confirmed outage until the probe sees the server again, 1 otherwise.
        Gauge.builder("loja.banco.disponivel", disponibilidade, d -> d.disponivel() ? 1 : 0)
             .description("1 quando o PostgreSQL está acessível para este nó, 0 durante uma queda confirmada")
             .register(metricas);
        return disponibilidade;
    }

    /**
     * Stops the node when the database went back in time: System.exit runs the application's shutdown (which can
     * no longer reach the database, so it does not write), bounded by a halt in case a part of it hangs.
     */
    @Bean
    LinhaDoTempo linhaDoTempo(DisponibilidadeDoBanco disponibilidade, ObjectProvider<IdentidadeDoNo> no) {
        return new LinhaDoTempo(disponibilidade, () -> no.getObject().id(), () -> {
            Thread limite = new Thread(() -> {
                try {
                    Thread.sleep(PARADA_NO_MAXIMO.toMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                Runtime.getRuntime().halt(LinhaDoTempo.SAIDA);
            }, "parada-forcada");
            limite.setDaemon(true);
            limite.start();
            System.exit(LinhaDoTempo.SAIDA);
        });
    }

    /**
     * The read replicas ({@code DATABASE_REPLICA_URLS}, decision 074), or none: then nothing of them exists, no
     * thread, no pool, no statement.
     */
    @Bean(destroyMethod = "close")
    ReplicasDeLeitura replicasDeLeitura(BancoDaAplicacao banco,
                                        @Value("${loja.banco.replicas:}") String urls,
                                        @Value("${loja.banco.usuario:}") String usuario,
                                        @Value("${loja.banco.senha:}") String senha,
                                        @Value("${loja.banco.replicas-atraso-maximo:5s}") Duration atrasoMaximo,
                                        @Value("${loja.banco.pool:20}") int tamanhoDoPool) {
        if (urls.isBlank()) {
            return ReplicasDeLeitura.nenhuma();
        }
        if (banco.isEmbutido()) {
            throw new IllegalStateException("DATABASE_REPLICA_URLS pede DATABASE_URL: réplicas são standbys de um "
                    + "PostgreSQL externo, não do embutido");
        }
        // Small pools: they take the reads off the primary's, which keeps its size for everything else.
        return ReplicasDeLeitura.de(urls, usuario, senha, banco.url(), atrasoMaximo, Math.max(2, tamanhoDoPool / 2));
    }

    /**
     * {@code loja.banco.espera-por-conexao} ({@code DATABASE_CONNECTION_TIMEOUT}) bounds how long a request waits for
     * a free connection of the pool before it answers 503 with Retry-After. A healthy pool hands one over at once,
     * even loaded (measured with 16 clients on 2 busy cores: 0.03 ms on average, 135 ms at worst); a wait of a
     * second means the pool is exhausted or PostgreSQL is gone, and a client is better told so than kept waiting.
     * Once an outage is confirmed nobody waits at all ({@link ConexoesVigiadas}).
     */
    @Bean(destroyMethod = "close")
    DataSource dataSource(BancoDaAplicacao banco, DisponibilidadeDoBanco disponibilidade, LinhaDoTempo linha,
                          ReplicasDeLeitura replicas,
                          @Value("${loja.banco.pool:20}") int tamanhoDoPool,
                          @Value("${loja.banco.espera-por-conexao:1s}") Duration espera) {
        if (espera.compareTo(Duration.ofMillis(250)) < 0) {
            throw new IllegalArgumentException("DATABASE_CONNECTION_TIMEOUT: no mínimo 250ms (o mínimo do Hikari)");
        }
        Properties propriedades = new Properties();
        propriedades.setProperty("reWriteBatchedInserts", "true");
        // Opening a connection is bounded by the driver's own default (10 s), not by the request's wait: Hikari
        // would otherwise set the JVM-wide login timeout to that wait.
        propriedades.setProperty("loginTimeout", "10");
        DriverDataSource driver = new DriverDataSource(banco.url().jdbcUrl(), null, propriedades,
                banco.url().usuario(), banco.url().senha());
        HikariConfig config = new HikariConfig();
        config.setDataSource(new ConexoesNovas(driver, disponibilidade, linha));
        config.setMaximumPoolSize(tamanhoDoPool);
        config.setPoolName("loja-api");
        config.setConnectionTimeout(espera.toMillis());
        config.setValidationTimeout(espera.toMillis());
        ConexoesVigiadas primario = new ConexoesVigiadas(new HikariDataSource(config), disponibilidade);
        return replicas.ativas() ? new ConexoesRoteadas(primario, replicas) : primario;
    }
}
