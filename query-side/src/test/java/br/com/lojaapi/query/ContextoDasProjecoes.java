package br.com.lojaapi.query;

import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.flyway.FlywayAutoConfiguration;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.autoconfigure.jdbc.JdbcTemplateAutoConfiguration;
import org.springframework.boot.autoconfigure.orm.jpa.HibernateJpaAutoConfiguration;
import org.springframework.boot.autoconfigure.transaction.TransactionAutoConfiguration;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.FilterType;

/**
 * The query side alone, as the application wires it: its projections and queries over a DataSource, JPA and
 * JdbcTemplate, the schema made by the application's Flyway migrations and checked by Hibernate. No Axon
 * infrastructure: {@link Projetor} hands events to the projections as their processors do.
 * <p>
 * Deliberately not a {@code @Configuration}: api-gateway's tests have this module's test classes on their classpath
 * (through its test jar), and the application scans {@code br.com.lojaapi} for components.
 * <p>
 * Left out: the components of this module that need the application's own wiring. The event feed's projection
 * stores bodies rendered by the webhooks' renderer ({@code RenderizacaoDeEventos}, wired by api-gateway),
 * read-your-writes and sync pages read through Axon's query gateway, and the processors' machinery (nodes, segment
 * shares, rebuilds) runs Axon's processors and token store.
 */
@ImportAutoConfiguration({DataSourceAutoConfiguration.class, FlywayAutoConfiguration.class,
        HibernateJpaAutoConfiguration.class, JdbcTemplateAutoConfiguration.class, TransactionAutoConfiguration.class})
@AutoConfigurationPackage
@ComponentScan(excludeFilters = @ComponentScan.Filter(type = FilterType.REGEX, pattern = {
        "br\\.com\\.lojaapi\\.query\\.evento\\.FeedDeEventos", "br\\.com\\.lojaapi\\.query\\.comum\\.LeituraDaPropriaEscrita",
        "br\\.com\\.lojaapi\\.query\\.sincronia\\..*", "br\\.com\\.lojaapi\\.query\\.processamento\\..*"}))
public class ContextoDasProjecoes {
}
