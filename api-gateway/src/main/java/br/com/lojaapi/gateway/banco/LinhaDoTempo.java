package br.com.lojaapi.gateway.banco;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;

/**
 * Notices that the database went back in time under a running node: a standby promoted without the old primary's
 * last commits (asynchronous replication), or a restore from a backup. The node remembers the newest event it has
 * read from the event store ({@link #lido}); every connection the pool opens asks the server for its newest event
 * before it is handed out ({@link #conferir}), one indexed query per physical connection. Connections to a server
 * that replaced the old one are always new ones, so nothing reaches the older database before this check.
 * <p>
 * When the database holds less than the node has read, everything in the node's memory describes a history that no
 * longer exists: the processors' positions, the event store's read cache, aggregates held between commands, the
 * webhook sends in flight. Writing any of it would project events that are gone and skip the ones written next
 * (their global indexes would fall below positions already passed). So the node refuses every connection from then
 * on (requests answer 503), records what was lost in {@code linha_do_tempo_perdida} with the connection it was
 * given, moves the sequences that number what clients see past what they may have seen, and stops with status
 * {@value #SAIDA} for its supervisor to start it again, from the database as it now is. Restarting is the one way to
 * drop every in-memory trace at once, including those added to the code later. See decision 073.
 */
public class LinhaDoTempo {

    private static final Logger log = LoggerFactory.getLogger(LinhaDoTempo.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The exit status of a node that met an older database: EX_TEMPFAIL, "try again", for its supervisor. */
    public static final int SAIDA = 75;
    /** How many of the newest events read are remembered by global index, to be listed if lost. */
    static final int LEMBRADOS = 1 << 16;
    /** Room left in the event feed's positions per lost event, and beyond: a lost event left at most one row there. */
    private static final long FOLGA_DO_FEED = 10_000;

    /** An event as read from the store, enough for an operator to know what it was. */
    public record Lido(long indiceGlobal, String tipoDeAgregado, String agregadoId, long sequencia, String evento) {
    }

    private final DisponibilidadeDoBanco disponibilidade;
    private final Supplier<String> no;
    private final Runnable parar;
    private final AtomicLong marca = new AtomicLong();
    private final AtomicReferenceArray<Lido> recentes = new AtomicReferenceArray<>(LEMBRADOS);
    private final Object divergencia = new Object();
    private volatile boolean divergente;

    /**
     * @param no    this node's id, asked for only when a loss is recorded
     * @param parar stops the process; called once, on a thread of its own
     */
    public LinhaDoTempo(DisponibilidadeDoBanco disponibilidade, Supplier<String> no, Runnable parar) {
        this.disponibilidade = disponibilidade;
        this.no = no;
        this.parar = parar;
    }

    /** An event was read from the store (for a processor's stream) at {@code indiceGlobal}. */
    public void lido(String tipoDeAgregado, String agregadoId, long sequencia, long indiceGlobal, String evento) {
        if (indiceGlobal > marca.get()) {
            marca.accumulateAndGet(indiceGlobal, Math::max);
        }
        int lugar = (int) (indiceGlobal & (LEMBRADOS - 1));
        Lido atual = recentes.get(lugar);
        if (atual == null || atual.indiceGlobal() < indiceGlobal) {
            recentes.set(lugar, new Lido(indiceGlobal, tipoDeAgregado, agregadoId, sequencia, nomeDo(evento)));
        }
    }

    /** {@code br.com...PedidoCriadoEvent} is PedidoCriado: what happened, without the code's names. */
    private static String nomeDo(String tipo) {
        String nome = tipo.substring(tipo.lastIndexOf('.') + 1);
        return nome.endsWith("Event") ? nome.substring(0, nome.length() - 5) : nome;
    }

    /** The newest global index this node has read; 0 before it read any. */
    public long marca() {
        return marca.get();
    }

    public boolean divergente() {
        return divergente;
    }

    /**
     * Checks a connection the pool has just opened, before anyone uses it. Throws when the database is older than
     * what this node has read (the node is then stopping) or already was.
     */
    void conferir(Connection conexao) throws SQLException {
        if (divergente) {
            throw recusa();
        }
        long conhecida = marca.get();
        if (conhecida == 0) {
            return; // nothing read yet: no history to compare, and at start-up the tables may not exist yet
        }
        long cabeca;
        try (Statement consulta = conexao.createStatement();
             ResultSet linha = consulta.executeQuery("SELECT COALESCE(max(global_index), 0) FROM domain_event_entry")) {
            linha.next();
            cabeca = linha.getLong(1);
        }
        // Against the mark taken before the query: an event read since may have been committed after it began.
        if (cabeca >= conhecida) {
            return;
        }
        synchronized (divergencia) {
            if (!divergente) {
                divergente = true;
                disponibilidade.divergiu();
                divergir(conexao, cabeca, marca.get());
            }
        }
        throw recusa();
    }

    private void divergir(Connection conexao, long cabeca, long conhecida) {
        List<Lido> perdidos = perdidos(cabeca, conhecida);
        long quantos = conhecida - cabeca;
        log.error("O PostgreSQL voltou no tempo: o evento mais novo nele é o {}, e este nó já tinha lido até o {}. "
                + "{} posições do event store sumiram ({} eventos lembrados: {}). Nada mais é escrito por este nó; "
                + "ele para com o status {} para recomeçar do banco como ele está agora. A perda fica em "
                + "GET /admin/linha-do-tempo.", cabeca, conhecida, quantos, perdidos.size(), resumo(perdidos), SAIDA);
        try {
            registrar(conexao, "EM_EXECUCAO", cabeca, conhecida, perdidos, c -> { });
        } catch (SQLException | RuntimeException e) {
            log.error("A perda não pôde ser registrada no banco: {}", e.toString());
        }
        Thread parada = new Thread(parar, "parada-por-linha-do-tempo");
        parada.setDaemon(false);
        parada.start();
    }

    /** Work done on a connection inside the transaction that records a loss. */
    @FunctionalInterface
    interface NaMesmaTransacao {
        void executar(Connection conexao) throws SQLException;
    }

    /**
     * Records a loss and moves the global-index and feed sequences past it, in one transaction on {@code conexao}
     * with {@code antes}: an event written from now on never takes a position a client may have seen (a sync
     * cursor, the feed's) for an event that is gone.
     */
    void registrar(Connection conexao, String motivo, long cabeca, long conhecida, List<Lido> perdidos,
                   NaMesmaTransacao antes) throws SQLException {
        boolean autocommit = conexao.getAutoCommit();
        conexao.setAutoCommit(false);
        try {
            antes.executar(conexao);
            try (PreparedStatement insercao = conexao.prepareStatement("INSERT INTO linha_do_tempo_perdida "
                    + "(no, motivo, cabeca, marca, perdidos, eventos, truncada) VALUES (?, ?, ?, ?, ?, ?::jsonb, ?)")) {
                insercao.setString(1, no.get());
                insercao.setString(2, motivo);
                insercao.setLong(3, cabeca);
                insercao.setLong(4, conhecida);
                insercao.setLong(5, conhecida - cabeca);
                insercao.setString(6, JSON.writeValueAsString(perdidos));
                insercao.setBoolean(7, perdidos.size() < conhecida - cabeca);
                insercao.executeUpdate();
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
            try (PreparedStatement avanco = conexao.prepareStatement(
                    "SELECT setval('domain_event_entry_global_index_seq', greatest(?, (SELECT last_value FROM "
                    + "domain_event_entry_global_index_seq))), setval('evento_loja_posicao_seq', (SELECT last_value "
                    + "FROM evento_loja_posicao_seq) + ?)")) {
                avanco.setLong(1, conhecida);
                avanco.setLong(2, conhecida - cabeca + FOLGA_DO_FEED);
                avanco.executeQuery().close();
            }
            conexao.commit();
        } catch (SQLException | RuntimeException e) {
            conexao.rollback();
            throw e;
        } finally {
            conexao.setAutoCommit(autocommit);
        }
    }

    /** The remembered events after {@code cabeca}, oldest first. */
    List<Lido> perdidos(long cabeca, long conhecida) {
        List<Lido> lista = new ArrayList<>();
        for (int i = 0; i < LEMBRADOS; i++) {
            Lido lido = recentes.get(i);
            if (lido != null && lido.indiceGlobal() > cabeca && lido.indiceGlobal() <= conhecida) {
                lista.add(lido);
            }
        }
        lista.sort(Comparator.comparingLong(Lido::indiceGlobal));
        return lista;
    }

    private static String resumo(List<Lido> perdidos) {
        int mostrar = Math.min(20, perdidos.size());
        StringBuilder texto = new StringBuilder();
        for (Lido lido : perdidos.subList(0, mostrar)) {
            texto.append(texto.isEmpty() ? "" : ", ").append(lido.tipoDeAgregado()).append(' ')
                 .append(lido.agregadoId()).append('#').append(lido.sequencia());
        }
        return perdidos.size() > mostrar ? texto + ", …" : texto.toString();
    }

    private static SQLException recusa() {
        return new SQLTransientConnectionException(
                "O PostgreSQL voltou no tempo; este nó está parando para recomeçar dele", "08001");
    }
}
