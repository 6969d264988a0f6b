package br.com.lojaapi.gateway.banco;

import com.zaxxer.hikari.HikariDataSource;
import org.springframework.jdbc.datasource.DelegatingDataSource;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

/**
 * The application's DataSource: the Hikari pool, except that while PostgreSQL is known to be down a connection is
 * refused at once (SQLState 08001) rather than after the pool's whole wait. Requests then answer 503 in
 * milliseconds, and background work (Axon, db-scheduler, scheduled tasks) fails its turn without queueing on the
 * pool. A failure to get a connection is reported to {@link DisponibilidadeDoBanco}, which may be the first to
 * hear of an outage.
 */
public class ConexoesVigiadas extends DelegatingDataSource implements AutoCloseable {

    private final HikariDataSource pool;
    private final DisponibilidadeDoBanco banco;

    public ConexoesVigiadas(HikariDataSource pool, DisponibilidadeDoBanco banco) {
        super(pool);
        this.pool = pool;
        this.banco = banco;
        // Its idle connections died with the server: dropped now, they are not found one by one after its return
        // (a validation and a warning each).
        banco.aoCair(() -> pool.getHikariPoolMXBean().softEvictConnections());
    }

    @Override
    public Connection getConnection() throws SQLException {
        exigirBanco();
        try {
            return pool.getConnection();
        } catch (SQLException e) {
            banco.explica(e);
            throw e;
        }
    }

    private void exigirBanco() throws SQLException {
        if (!banco.disponivel()) {
            throw new SQLTransientConnectionException("PostgreSQL inacessível; à espera de que volte", "08001");
        }
    }

    @Override
    public void close() {
        pool.close();
    }
}
