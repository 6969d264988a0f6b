package br.com.lojaapi.gateway.banco;

import br.com.lojaapi.query.comum.PosicaoDaLeitura;
import org.springframework.jdbc.datasource.DelegatingDataSource;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The application's DataSource when read replicas are configured (decision 074): the primary's
 * ({@link ConexoesVigiadas}) for everything, except on a thread that is serving a store read routed to a replica
 * ({@link #em}), which gets that replica's pooled connections. The query code is the same either way. A replica that
 * gives no connection is left out ({@link ReplicasDeLeitura#afastar}) and the connection comes from the primary; the
 * read is marked {@link Leitura#falhou() failed}, so that the request is served again from the primary as a whole.
 * The query side is told how far the replica had replayed when it was chosen ({@link PosicaoDaLeitura}), for what it
 * knows from the primary alone (incremental sync's settled indexes).
 */
public class ConexoesRoteadas extends DelegatingDataSource implements AutoCloseable {

    private static final ThreadLocal<Leitura> ATUAL = new ThreadLocal<>();

    private final ConexoesVigiadas primario;
    private final ReplicasDeLeitura replicas;

    public ConexoesRoteadas(ConexoesVigiadas primario, ReplicasDeLeitura replicas) {
        super(primario);
        this.primario = primario;
        this.replicas = replicas;
    }

    /** A read being served on this thread from a replica. */
    public static final class Leitura implements AutoCloseable {

        private final ReplicasDeLeitura.Replica replica;
        private final PosicaoDaLeitura.Fim posicao;
        private volatile boolean falhou;

        private Leitura(ReplicasDeLeitura.Replica replica) {
            this.replica = replica;
            this.posicao = PosicaoDaLeitura.em(replica.reproduzida());
        }

        public ReplicasDeLeitura.Replica replica() {
            return replica;
        }

        /** Whether the replica failed to give a connection during this read (it then came from the primary). */
        public boolean falhou() {
            return falhou;
        }

        /** Back to the primary for whatever this thread does next. */
        @Override
        public void close() {
            ATUAL.remove();
            posicao.close();
        }
    }

    /** Routes this thread's connections to {@code replica} until the returned read is closed. */
    public static Leitura em(ReplicasDeLeitura.Replica replica) {
        Leitura leitura = new Leitura(replica);
        ATUAL.set(leitura);
        return leitura;
    }

    /**
     * Whether this thread is serving a read on a replica: a failure there is the replica's, and the read will be served
     * again from the primary.
     */
    public static boolean emReplica() {
        return ATUAL.get() != null;
    }

    @Override
    public Connection getConnection() throws SQLException {
        Leitura leitura = ATUAL.get();
        if (leitura == null || leitura.falhou) {
            return primario.getConnection();
        }
        try {
            return leitura.replica.pool().getConnection();
        } catch (SQLException e) {
            leitura.falhou = true;
            replicas.afastar(leitura.replica, e);
            return primario.getConnection();
        }
    }

    @Override
    public Connection getConnection(String usuario, String senha) throws SQLException {
        return getConnection();
    }

    DataSource primario() {
        return primario;
    }

    @Override
    public void close() {
        primario.close();
    }
}
