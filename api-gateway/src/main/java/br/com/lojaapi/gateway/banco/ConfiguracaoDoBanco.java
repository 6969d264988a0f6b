package br.com.lojaapi.gateway.banco;

import br.com.lojaapi.gateway.infra.DiretorioDeDados;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.io.IOException;

/**
 * The one DataSource: an external PostgreSQL when {@code DATABASE_URL} is set, else the embedded server under
 * {@code DATA_DIR/pg}. The pool depends on the server bean, so Spring closes the pool before stopping the server.
 */
@Configuration(proxyBeanMethods = false)
public class ConfiguracaoDoBanco {

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
    HikariDataSource dataSource(BancoDaAplicacao banco, @Value("${loja.banco.pool:20}") int tamanhoDoPool) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(banco.url().jdbcUrl());
        config.setUsername(banco.url().usuario());
        config.setPassword(banco.url().senha());
        config.setMaximumPoolSize(tamanhoDoPool);
        config.setPoolName("loja-api");
        // A request that cannot get a connection in 5 s should fail, not hang for Hikari's default 30 s.
        config.setConnectionTimeout(5_000);
        config.addDataSourceProperty("reWriteBatchedInserts", "true");
        return new HikariDataSource(config);
    }
}
