package br.com.lojaapi.sincronia;

import br.com.lojaapi.apoio.BancoDeTestes;
import br.com.lojaapi.gateway.banco.UrlDoBanco;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An event row inserted in a transaction of its own and held uncommitted: it takes a global index, as a write still
 * in progress does. Reserving an aggregate's next sequence number makes the application's next write of that
 * aggregate take its own global index and then wait on the unique {@code (aggregate_identifier, sequence_number)}
 * index until {@link #desfazer()}, after which it commits; reserving one of a made-up aggregate leaves, once undone,
 * an index no event will ever have (as a write that rolled back does). Always close it.
 */
final class EventoReservado implements AutoCloseable {

    private final Connection conexao;
    private final int pid;

    private EventoReservado(String agregadoId, long sequencia, String tipo) throws SQLException {
        UrlDoBanco url = BancoDeTestes.url();
        conexao = DriverManager.getConnection(url.jdbcUrl(), url.usuario(), url.senha());
        conexao.setAutoCommit(false);
        try (PreparedStatement reserva = conexao.prepareStatement("""
                INSERT INTO domain_event_entry (aggregate_identifier, sequence_number, type, event_identifier,
                                                payload, payload_type, time_stamp)
                VALUES (?, ?, ?, ?, '\\x7b7d'::bytea, 'trava-de-teste', now()::text)""")) {
            reserva.setString(1, agregadoId);
            reserva.setLong(2, sequencia);
            reserva.setString(3, tipo);
            reserva.setString(4, UUID.randomUUID().toString());
            reserva.executeUpdate();
        }
        try (PreparedStatement consulta = conexao.prepareStatement("SELECT pg_backend_pid()");
             ResultSet linha = consulta.executeQuery()) {
            linha.next();
            pid = linha.getInt(1);
        }
    }

    /** The next event of the aggregate ({@code sequencia}: its current versao + 1), of its type ("Produto"...). */
    static EventoReservado de(String agregadoId, long sequencia, String tipo) throws SQLException {
        return new EventoReservado(agregadoId, sequencia, tipo);
    }

    /** An index of no aggregate of ours: a gap that, once undone, never fills. */
    static EventoReservado qualquer() throws SQLException {
        return new EventoReservado(UUID.randomUUID().toString(), 0, "Trava");
    }

    /** Waits until a session waits for this one: the write it holds has taken its global index. */
    void esperarEscritaBloqueada(Duration prazo) throws Exception {
        Instant limite = Instant.now().plus(prazo);
        UrlDoBanco url = BancoDeTestes.url();
        try (Connection outra = DriverManager.getConnection(url.jdbcUrl(), url.usuario(), url.senha());
             PreparedStatement bloqueadas = outra.prepareStatement(
                     "SELECT count(*) FROM pg_stat_activity WHERE ? = ANY(pg_blocking_pids(pid))")) {
            bloqueadas.setInt(1, pid);
            while (true) {
                try (ResultSet linha = bloqueadas.executeQuery()) {
                    linha.next();
                    if (linha.getInt(1) > 0) {
                        return;
                    }
                }
                assertThat(Instant.now()).as("a escrita não chegou a esperar pelo evento reservado").isBefore(limite);
                Thread.sleep(20);
            }
        }
    }

    /** Rolls the reservation back: a write waiting for it goes on. */
    void desfazer() throws SQLException {
        conexao.rollback();
    }

    @Override
    public void close() throws SQLException {
        try (conexao) {
            conexao.rollback();
        }
    }
}
