package br.com.lojaapi.query;

import br.com.lojaapi.apoio.PostgresDeTestes;
import br.com.lojaapi.apoio.PostgresDeTestes.Conexao;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.flywaydb.core.Flyway;
import org.postgresql.util.PGobject;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import javax.sql.DataSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Array;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of the query side on a real PostgreSQL with the application's schema ({@link TesteDeProjecao} for a
 * projection's). Every test works with ids of its own, so tests never see each other's rows; the database is one of
 * its own on the tests' server, so rows written here never meet the application tests' when {@code DATABASE_URL}
 * points both at one server.
 */
@SpringBootTest(classes = ContextoDasProjecoes.class, properties = {
        // as application.yml sets them
        "spring.jpa.hibernate.ddl-auto=validate",
        "spring.jpa.open-in-view=false",
        "spring.jpa.properties.hibernate.jdbc.time_zone=UTC",
        "spring.main.banner-mode=off"})
public abstract class TesteNoBanco {

    /**
     * The module's own pieces for {@link PostgresDeTestes}: {@code DATABASE_URL} in its JDBC form (the libpq form
     * is read by the application's parser, which lives in api-gateway), and zonky's plain embedded server, which
     * stops itself when the JVM exits (nothing runs here in the background that could still be using it).
     */
    private static final PostgresDeTestes.Servidores DO_MODULO = new PostgresDeTestes.Servidores() {
        @Override
        public Conexao externo(String url, String usuario, String senha) {
            if (!url.strip().startsWith("jdbc:postgresql:")) {
                throw new IllegalArgumentException("Os testes do query-side leem DATABASE_URL na forma "
                        + "jdbc:postgresql://host:porta/banco, com DATABASE_USER e DATABASE_PASSWORD");
            }
            return new Conexao(url.strip(), vazioComoNulo(usuario), vazioComoNulo(senha));
        }

        @Override
        public Conexao embutido() {
            try {
                EmbeddedPostgres servidor = EmbeddedPostgres.builder().start();
                return new Conexao(servidor.getJdbcUrl("postgres", "postgres"), "postgres", null);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    };

    @Autowired
    protected JdbcTemplate jdbc;

    @Autowired
    protected PlatformTransactionManager transacoes;

    @Autowired
    private DataSource dados;

    /**
     * Runs {@code teste} with the name of a schema of its own (not yet made), and drops that schema afterwards: for
     * tests of what a migration does, with {@link #migrarAte}.
     */
    protected void emEsquemaProprio(Consumer<String> teste) {
        String esquema = "migracao_" + id().substring(0, 8).replace('-', '_');
        try {
            teste.accept(esquema);
        } finally {
            jdbc.execute("DROP SCHEMA IF EXISTS " + esquema + " CASCADE");
        }
    }

    /**
     * Runs the application's migrations from the first up to {@code versao} in a schema of their own, so that a test
     * can put rows in before a migration and check what it did with them.
     */
    protected void migrarAte(String esquema, String versao) {
        Flyway.configure().dataSource(dados).schemas(esquema).locations("classpath:db/migration").target(versao)
              .load().migrate();
    }

    @DynamicPropertySource
    static void banco(DynamicPropertyRegistry registro) {
        Conexao banco = PostgresDeTestes.banco(PostgresDeTestes.principal(DO_MODULO), "projecoes_de_teste");
        registro.add("spring.datasource.url", banco::jdbcUrl);
        if (banco.usuario() != null) {
            registro.add("spring.datasource.username", banco::usuario);
        }
        if (banco.senha() != null) {
            registro.add("spring.datasource.password", banco::senha);
        }
    }

    protected Projetor projetor(Object projecao) {
        return new Projetor(projecao, transacoes, jdbc);
    }

    /**
     * A query handler's answer, asked in a transaction as the application's query bus asks it (the JPA handlers
     * stream their results from the transaction's entity manager).
     */
    protected <T> T consultar(Supplier<T> consulta) {
        TransactionTemplate transacao = new TransactionTemplate(transacoes);
        transacao.setReadOnly(true);
        return transacao.execute(status -> consulta.get());
    }

    /** A new id, for a test's own rows: a UUID, as the application makes them (the columns hold 36 characters). */
    protected static String id() {
        return UUID.randomUUID().toString();
    }

    /**
     * Every column of the rows {@code sql} selects, as PostgreSQL holds them, comparable with {@code equals}: arrays
     * as lists, JSON as PostgreSQL's text of it.
     */
    protected List<Map<String, Object>> linhas(String sql, Object... argumentos) {
        return jdbc.query(sql, (rs, i) -> {
            Map<String, Object> linha = new LinkedHashMap<>();
            for (int coluna = 1; coluna <= rs.getMetaData().getColumnCount(); coluna++) {
                Object valor = rs.getObject(coluna);
                if (valor instanceof Array array) {
                    valor = Arrays.asList((Object[]) array.getArray());
                } else if (valor instanceof PGobject objeto) {
                    valor = objeto.getValue();
                }
                linha.put(rs.getMetaData().getColumnLabel(coluna), valor);
            }
            return linha;
        }, argumentos);
    }

    /** Every column of the one row {@code sql} selects, as {@link #linhas} reads them. */
    protected Map<String, Object> linha(String sql, Object... argumentos) {
        List<Map<String, Object>> linhas = linhas(sql, argumentos);
        assertThat(linhas).as(sql).hasSize(1);
        return linhas.get(0);
    }

    private static String vazioComoNulo(String valor) {
        return valor == null || valor.isBlank() ? null : valor;
    }
}
