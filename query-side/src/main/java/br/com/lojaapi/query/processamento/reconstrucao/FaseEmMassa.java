package br.com.lojaapi.query.processamento.reconstrucao;

import br.com.lojaapi.query.comum.IndicesGlobais;
import org.axonframework.common.AxonThreadFactory;
import org.axonframework.config.Configuration;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandlerInvoker;
import org.axonframework.eventhandling.EventUtils;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.GenericDomainEventEntry;
import org.axonframework.eventhandling.GlobalSequenceTrackingToken;
import org.axonframework.eventhandling.TrackedDomainEventData;
import org.axonframework.eventhandling.TrackedEventData;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.tokenstore.TokenStore;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.SimpleSerializedObject;
import org.axonframework.serialization.upcasting.event.EventUpcaster;
import org.postgresql.PGConnection;
import org.postgresql.PGStatement;
import org.postgresql.copy.CopyIn;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

import javax.sql.DataSource;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The first phase of the rebuild of a projection that offers a {@link CargaEmMassa} (decision 078): instead of
 * the copy's processor handling the whole event store event by event, the event store is read directly up to the
 * head at the start ({@code H}), in ranges of global indexes, on several threads; each range is deserialised as the
 * event storage does (its serializer and upcasters), folded in memory by the projection's own rules, and its new rows
 * written to the copy with COPY. Events of aggregates created in an earlier range go through the projection's
 * handlers, after that range is written. Ranges are written in index order, each in one transaction that first
 * checks the rebuild is still this node's.
 * <p>
 * At the end every segment of the copy's processor gets a token at {@code H} whose gaps are the indexes of the last
 * gap window ({@link #LACUNA_MAXIMA}) that had no committed event when their range was read: the copy's processor
 * continues from there, applies what was committed during the load (late commits below {@code H} included) and
 * the swap follows as for any rebuild. Nothing is applied twice, and what would be is harmless: the rows' version
 * guards.
 */
@Component
class FaseEmMassa {

    private static final Logger LOG = LoggerFactory.getLogger(FaseEmMassa.class);

    /**
     * The event storage's {@code maxGapOffset} (Axon's default, which api-gateway's configuration keeps): a
     * processor keeps looking for an index with no event this far below the furthest one it has read.
     */
    static final int LACUNA_MAXIMA = 10_000;
    /** Rows deserialised in one go. */
    private static final int LEITURA = 500;

    private final Map<String, CargaEmMassa> cargas;
    private final DataSource dados;
    private final JdbcTemplate jdbc;
    private final TransactionTemplate transacao;
    private final Serializer serializador;
    private final ObjectProvider<Configuration> axon;
    private final ObjectProvider<EventUpcaster> upcasters;
    private final IndicesGlobais indices;
    private final AlcanceDaCopia alcance;
    private final Esquemas esquemas;
    private final TokenStore tokens;
    private final boolean ligada;
    /**
     * Ranges read at once: by default one more than the cores, so that while one range is being written (in index
     * order, one at a time) the cores still have one to read and fold each.
     */
    private final int threads;
    /** Events per range; not final so that a test can make a small event store span several ranges. */
    private volatile int bloco;

    FaseEmMassa(List<CargaEmMassa> cargas, DataSource dados, JdbcTemplate jdbc, TransactionTemplate transacao,
                @Qualifier("eventSerializer") Serializer serializador, ObjectProvider<Configuration> axon,
                ObjectProvider<EventUpcaster> upcasters, IndicesGlobais indices, AlcanceDaCopia alcance,
                Esquemas esquemas, TokenStore tokens,
                @Value("${loja.reconstrucao.em-massa:true}") boolean ligada,
                @Value("${loja.reconstrucao.em-massa-bloco:100000}") int bloco,
                @Value("${loja.reconstrucao.em-massa-threads:0}") int threads) {
        this.cargas = cargas.stream().collect(Collectors.toMap(CargaEmMassa::processador, Function.identity()));
        this.dados = dados;
        this.jdbc = jdbc;
        this.transacao = transacao;
        this.serializador = serializador;
        this.axon = axon;
        this.upcasters = upcasters;
        this.indices = indices;
        this.alcance = alcance;
        this.esquemas = esquemas;
        this.tokens = tokens;
        this.ligada = ligada;
        this.bloco = Math.max(1, bloco);
        this.threads = threads > 0 ? threads : Runtime.getRuntime().availableProcessors() + 1;
    }

    /** The bulk load of a processor's copy, when it offers one and the phase is on. */
    Optional<CargaEmMassa> de(String processador) {
        return ligada ? Optional.ofNullable(cargas.get(processador)) : Optional.empty();
    }

    /** Starts loading the copy of {@code modelo} on threads of its own, for the rebuild this node holds. */
    Execucao iniciar(ModelosReconstruiveis.Modelo modelo, CargaEmMassa carga, EventHandlerInvoker tratadores,
                     String no, int segmentos, Runnable aoTerminar) {
        Execucao execucao = new Execucao(modelo, carga, tratadores, no, segmentos, threads);
        execucao.iniciar(aoTerminar);
        return execucao;
    }

    /** The rebuild is no longer this node's, or its copies were emptied: the load stops, its work is discarded. */
    static final class Interrompida extends RuntimeException {
        Interrompida(String motivo) {
            super(motivo);
        }
    }

    /** One range of the event store, read and folded, waiting for its turn to be written. */
    private record Lido(long ate, List<Object[]> linhas, List<TrackedEventMessage<?>> restantes) {
    }

    /** A bulk load under way on this node. */
    final class Execucao {

        private final ModelosReconstruiveis.Modelo modelo;
        private final CargaEmMassa carga;
        private final EventHandlerInvoker tratadores;
        private final String no;
        private final int segmentos;
        private final int threads;
        private final String copia;
        private final String caminho;
        private final ExecutorService coordenador;
        private final ExecutorService trabalhadores;
        private final AtomicReference<Throwable> erro = new AtomicReference<>();
        private final AtomicInteger proximo = new AtomicInteger();
        /** Events of aggregates created in an earlier range, applied through the handlers. */
        private final AtomicInteger pelosTratadores = new AtomicInteger();
        private final Object vez = new Object();
        private volatile boolean cancelada;
        /** A reader failed or was interrupted: the others stop. */
        private volatile boolean parou;
        private volatile boolean interrompida;
        private volatile boolean concluida;
        private int aEscrever;
        private Future<?> tarefa;

        private Execucao(ModelosReconstruiveis.Modelo modelo, CargaEmMassa carga, EventHandlerInvoker tratadores,
                         String no, int segmentos, int threads) {
            this.modelo = modelo;
            this.carga = carga;
            this.tratadores = tratadores;
            this.no = no;
            this.segmentos = segmentos;
            this.threads = threads;
            this.copia = Esquemas.daCopia(modelo.processador());
            this.caminho = TransacaoNoEsquema.caminho(copia, esquemas.atual(), modelo.tabelas());
            String nome = modelo.processador() + ProjecaoSombra.SUFIXO;
            this.coordenador = Executors.newSingleThreadExecutor(new AxonThreadFactory("CargaEmMassa[" + nome + "]"));
            this.trabalhadores = Executors.newFixedThreadPool(threads,
                    new AxonThreadFactory("CargaEmMassaLeitura[" + nome + "]"));
        }

        private void iniciar(Runnable aoTerminar) {
            tarefa = coordenador.submit(() -> {
                try {
                    executar();
                    concluida = true;
                } catch (Interrompida fim) {
                    interrompida = true;
                    LOG.info("Carga em massa de {} interrompida: {}", modelo.processador(), fim.getMessage());
                } catch (Throwable falha) {
                    if (cancelada) {
                        interrompida = true;
                    } else {
                        erro.compareAndSet(null, falha);
                    }
                } finally {
                    trabalhadores.shutdownNow();
                }
                if (!cancelada) {
                    aoTerminar.run();
                }
            });
        }

        boolean terminou() {
            return tarefa.isDone();
        }

        /** Done, with the copy's tokens stored: its processor continues from them. */
        boolean concluida() {
            return concluida;
        }

        Optional<Throwable> erro() {
            return Optional.ofNullable(erro.get());
        }

        /** Stops the load: when this returns, none of its transactions is open. */
        void parar() {
            cancelada = true;
            synchronized (vez) {
                vez.notifyAll();
            }
            try {
                tarefa.get(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                LOG.warn("A carga em massa de {} não parou a tempo", modelo.processador(), e);
            } finally {
                coordenador.shutdown();
                trabalhadores.shutdownNow();
            }
        }

        private void executar() throws Exception {
            Timestamp iniciada = jdbc.query("""
                    SELECT iniciada_em FROM reconstrucao_projecao WHERE nome = ? AND dono = ? AND estado = ?""",
                    rs -> rs.next() ? rs.getTimestamp(1) : null, modelo.processador(), no, Reconstrucao.RECONSTRUINDO);
            if (iniciada == null) {
                throw new Interrompida("a reconstrução não é mais deste nó");
            }
            Long cabeca = jdbc.queryForObject("SELECT MAX(global_index) FROM domain_event_entry", Long.class);
            if (cabeca == null) {
                // nothing to load: the copy's processor starts from the first event, as without this phase
                return;
            }
            long primeiro = jdbc.queryForObject("SELECT MIN(global_index) FROM domain_event_entry", Long.class);
            long janela = Math.max(1, cabeca - LACUNA_MAXIMA);
            boolean[] vistos = new boolean[(int) (cabeca - janela + 1)];
            int bloco = FaseEmMassa.this.bloco;
            int blocos = (int) ((cabeca - primeiro) / bloco + 1);
            long inicio = System.nanoTime();
            LOG.info("Carga em massa de {}: eventos {} a {} em {} blocos de {}, {} threads", modelo.processador(),
                     primeiro, cabeca, blocos, bloco, threads);
            List<Future<?>> leitores = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                leitores.add(trabalhadores.submit(() -> {
                    try {
                        for (int k = proximo.getAndIncrement(); k < blocos && !parou; k = proximo.getAndIncrement()) {
                            long de = primeiro + (long) k * bloco;
                            long ate = Math.min(cabeca, de + bloco - 1);
                            Lido lido = ler(de, ate, janela, vistos);
                            esperarAVez(k);
                            try {
                                escrever(lido, iniciada);
                            } finally {
                                passarAVez();
                            }
                        }
                    } catch (Throwable falha) {
                        // the others stop too: a range that will never be written holds back every later one
                        parou = true;
                        synchronized (vez) {
                            vez.notifyAll();
                        }
                        throw falha;
                    }
                    return null;
                }));
            }
            // the first failure that is not a consequence of another's
            Throwable primeira = null;
            for (Future<?> leitor : leitores) {
                try {
                    leitor.get();
                } catch (ExecutionException falha) {
                    Throwable causa = falha.getCause();
                    if (primeira == null || primeira instanceof Interrompida && !(causa instanceof Interrompida)) {
                        primeira = causa;
                    }
                }
            }
            if (primeira instanceof Exception e) {
                throw e;
            } else if (primeira != null) {
                throw new IllegalStateException(primeira);
            }
            if (cancelada) {
                throw new Interrompida("parada neste nó");
            }
            List<Long> lacunas = new ArrayList<>();
            synchronized (vistos) {
                for (int i = 0; i < vistos.length - 1; i++) {
                    if (!vistos[i]) {
                        lacunas.add(janela + i);
                    }
                }
            }
            GapAwareTrackingToken posicao = GapAwareTrackingToken.newInstance(cabeca, lacunas);
            transacao.executeWithoutResult(status -> {
                jdbc.execute(caminho);
                garantir(cabeca, iniciada);
                tokens.initializeTokenSegments(ProjecaoSombra.nome(modelo.processador()), segmentos, posicao);
            });
            double segundos = (System.nanoTime() - inicio) / 1e9;
            LOG.info("Carga em massa de {} até o evento {} em {} s ({} eventos pelos tratadores, {} lacunas na última"
                     + " janela); a cópia segue pelo processador", modelo.processador(), cabeca,
                     String.format("%.1f", segundos), pelosTratadores.get(), lacunas.size());
        }

        /**
         * Reads and folds the events of {@code de} to {@code ate} in one query (one snapshot), noting every index of
         * the gap window it saw, whatever its type: what it did not see is a gap of the final token.
         */
        private Lido ler(long de, long ate, long janela, boolean[] vistos) throws SQLException {
            CargaEmMassa.Dobra dobra = carga.dobra();
            List<TrackedEventMessage<?>> restantes = new ArrayList<>();
            List<Long> vistosAqui = new ArrayList<>();
            boolean porTipo = upcasters.stream().findAny().isEmpty();
            String[] tipos = carga.eventos().stream().map(tipo -> serializador.typeForClass(tipo).getName())
                                  .toArray(String[]::new);
            EventUpcaster cadeia = axon.getObject().upcasterChain();
            try (Connection conexao = dados.getConnection()) {
                conexao.setAutoCommit(false);
                try {
                    if (porTipo) {
                        List<Long> aosTratadores = dobrarPorTipo(conexao, de, ate, janela, tipos, dobra, vistosAqui);
                        // the events left to the handlers, read whole, as messages the event storage would have made
                        EventUtils.upcastAndDeserializeTrackedEvents(inteiros(conexao, aosTratadores).stream(),
                                                                     serializador, cadeia).forEach(restantes::add);
                    } else {
                        dobrarTodos(conexao, de, ate, janela, dobra, vistosAqui, restantes, cadeia);
                    }
                } finally {
                    conexao.rollback();
                }
            }
            synchronized (vistos) {
                for (long indice : vistosAqui) {
                    vistos[(int) (indice - janela)] = true;
                }
            }
            return new Lido(ate, dobra.linhas(), restantes);
        }

        /**
         * With no upcaster, events are known by their stored type, and only the columns a fold needs are read: the
         * payload is deserialised as the event storage's lazy payload would (the event serializer, directly). Returns
         * the indexes of the events the fold left to the handlers, in order.
         */
        private List<Long> dobrarPorTipo(Connection conexao, long de, long ate, long janela, String[] tipos,
                                         CargaEmMassa.Dobra dobra, List<Long> vistosAqui) throws SQLException {
            List<Long> aosTratadores = new ArrayList<>();
            List<String> aceitos = List.of(tipos);
            try (PreparedStatement consulta = conexao.prepareStatement("""
                    SELECT global_index, payload_type, payload_revision, sequence_number, payload
                      FROM domain_event_entry
                     WHERE global_index BETWEEN ? AND ? AND (payload_type = ANY (?) OR global_index >= ?)
                     ORDER BY global_index""")) {
                binarios(consulta);
                consulta.setLong(1, de);
                consulta.setLong(2, ate);
                consulta.setArray(3, conexao.createArrayOf("varchar", tipos));
                consulta.setLong(4, janela);
                try (ResultSet rs = consulta.executeQuery()) {
                    while (rs.next()) {
                        long indice = rs.getLong(1);
                        if (indice >= janela) {
                            vistosAqui.add(indice);
                        }
                        String tipo = rs.getString(2);
                        if (!aceitos.contains(tipo)) {
                            continue;
                        }
                        Object evento = serializador.deserialize(
                                new SimpleSerializedObject<>(rs.getBytes(5), byte[].class, tipo, rs.getString(3)));
                        if (!dobra.dobrar(evento, rs.getLong(4), indice)) {
                            aosTratadores.add(indice);
                        }
                        if (cancelada) {
                            throw new Interrompida("parada neste nó");
                        }
                    }
                }
            }
            return aosTratadores;
        }

        /** The events of these indexes, every column, in index order. */
        private List<TrackedEventData<?>> inteiros(Connection conexao, List<Long> indices) throws SQLException {
            List<TrackedEventData<?>> lidos = new ArrayList<>(indices.size());
            if (indices.isEmpty()) {
                return lidos;
            }
            try (PreparedStatement consulta = conexao.prepareStatement(
                    COLUNAS + " WHERE global_index = ANY (?) ORDER BY global_index")) {
                binarios(consulta);
                consulta.setArray(1, conexao.createArrayOf("bigint", indices.toArray()));
                try (ResultSet rs = consulta.executeQuery()) {
                    while (rs.next()) {
                        lidos.add(inteiro(rs));
                    }
                }
            }
            return lidos;
        }

        /**
         * With upcasters, which may rename types and change payloads, every event of the range is read whole and
         * goes through the chain, as the event storage does, before the fold sees it.
         */
        private void dobrarTodos(Connection conexao, long de, long ate, long janela, CargaEmMassa.Dobra dobra,
                                 List<Long> vistosAqui,
                                 List<TrackedEventMessage<?>> restantes, EventUpcaster cadeia) throws SQLException {
            try (PreparedStatement consulta = conexao.prepareStatement(
                    COLUNAS + " WHERE global_index BETWEEN ? AND ? ORDER BY global_index")) {
                binarios(consulta);
                consulta.setLong(1, de);
                consulta.setLong(2, ate);
                List<TrackedEventData<?>> lote = new ArrayList<>(LEITURA);
                try (ResultSet rs = consulta.executeQuery()) {
                    while (rs.next()) {
                        TrackedDomainEventData<byte[]> dados = inteiro(rs);
                        long indice = rs.getLong(1);
                        if (indice >= janela) {
                            vistosAqui.add(indice);
                        }
                        lote.add(dados);
                        if (lote.size() == LEITURA) {
                            dobrar(lote, dobra, restantes, serializador, cadeia);
                            if (cancelada) {
                                throw new Interrompida("parada neste nó");
                            }
                        }
                    }
                }
                dobrar(lote, dobra, restantes, serializador, cadeia);
            }
        }

        private void dobrar(List<TrackedEventData<?>> lote, CargaEmMassa.Dobra dobra,
                            List<TrackedEventMessage<?>> restantes, Serializer serializador, EventUpcaster cadeia) {
            if (lote.isEmpty()) {
                return;
            }
            EventUtils.upcastAndDeserializeTrackedEvents(lote.stream(), serializador, cadeia).forEach(evento -> {
                if (!carga.eventos().contains(evento.getPayloadType())) {
                    return;
                }
                DomainEventMessage<?> doAgregado = (DomainEventMessage<?>) evento;
                long indice = evento.trackingToken().position().orElseThrow();
                if (!dobra.dobrar(evento.getPayload(), doAgregado.getSequenceNumber(), indice)) {
                    restantes.add(evento);
                }
            });
            lote.clear();
        }

        /** Writes a range, after every earlier one: its new rows, then the events of older aggregates. */
        private void escrever(Lido lido, Timestamp iniciada) {
            transacao.executeWithoutResult(status -> {
                jdbc.execute(caminho);
                garantir(lido.ate(), iniciada);
                copiar(lido.linhas());
                if (!lido.restantes().isEmpty()) {
                    for (TrackedEventMessage<?> evento : lido.restantes()) {
                        DomainEventMessage<?> doAgregado = (DomainEventMessage<?>) evento;
                        indices.anotar(doAgregado.getAggregateIdentifier(), doAgregado.getSequenceNumber(),
                                       evento.trackingToken().position().orElseThrow());
                    }
                    alcance.aplicar(tratadores, lido.restantes());
                    pelosTratadores.addAndGet(lido.restantes().size());
                }
            });
        }

        /**
         * In a transaction that locked the copies: the rebuild is still the one this node started (a node that took
         * it over replaced the copies, and waits for this transaction to do so) and its copies were not emptied.
         * Records the progress for {@code GET /admin/projecoes}.
         */
        private void garantir(long ate, Timestamp iniciada) {
            if (cancelada) {
                throw new Interrompida("parada neste nó");
            }
            int minha = jdbc.update("""
                    UPDATE reconstrucao_projecao SET em_massa_ate = ?
                     WHERE nome = ? AND dono = ? AND estado = ? AND iniciada_em = ?""",
                    ate, modelo.processador(), no, Reconstrucao.RECONSTRUINDO, iniciada);
            if (minha != 1) {
                throw new Interrompida("a reconstrução não é mais deste nó");
            }
            if (!esquemas.intacta(modelo.processador())) {
                throw new Interrompida("as cópias foram esvaziadas");
            }
        }

        private void copiar(List<Object[]> linhas) {
            if (linhas.isEmpty()) {
                return;
            }
            Connection conexao = DataSourceUtils.getConnection(dados);
            try {
                CopyIn copia = conexao.unwrap(PGConnection.class).getCopyAPI().copyIn(
                        "COPY " + Esquemas.qualificada(this.copia, carga.tabela()) + " ("
                        + String.join(", ", carga.colunas()) + ") FROM STDIN WITH (FORMAT csv)");
                try {
                    StringBuilder texto = new StringBuilder(1 << 17);
                    for (Object[] linha : linhas) {
                        csv(linha, texto);
                        if (texto.length() >= 1 << 16) {
                            byte[] bytes = texto.toString().getBytes(StandardCharsets.UTF_8);
                            copia.writeToCopy(bytes, 0, bytes.length);
                            texto.setLength(0);
                        }
                    }
                    byte[] bytes = texto.toString().getBytes(StandardCharsets.UTF_8);
                    copia.writeToCopy(bytes, 0, bytes.length);
                    copia.endCopy();
                } finally {
                    if (copia.isActive()) {
                        copia.cancelCopy();
                    }
                }
            } catch (SQLException e) {
                throw new IllegalStateException("COPY para a cópia de " + modelo.processador() + " falhou", e);
            } finally {
                DataSourceUtils.releaseConnection(conexao, dados);
            }
        }

        private void esperarAVez(int bloco) throws InterruptedException {
            synchronized (vez) {
                while (aEscrever != bloco) {
                    if (cancelada || parou) {
                        throw new Interrompida("parada neste nó");
                    }
                    vez.wait(100);
                }
            }
        }

        private void passarAVez() {
            synchronized (vez) {
                aEscrever++;
                vez.notifyAll();
            }
        }
    }

    /** Every column of an event row, the global index first: what the event storage reads. */
    private static final String COLUNAS = """
            SELECT global_index, payload_type, type, aggregate_identifier, sequence_number,
                   event_identifier, time_stamp, payload_revision, payload, meta_data
              FROM domain_event_entry""";

    private static TrackedDomainEventData<byte[]> inteiro(ResultSet rs) throws SQLException {
        return new TrackedDomainEventData<>(
                new GlobalSequenceTrackingToken(rs.getLong(1)),
                new GenericDomainEventEntry<>(rs.getString(3), rs.getString(4), rs.getLong(5), rs.getString(6),
                                              rs.getString(7), rs.getString(2), rs.getString(8), rs.getBytes(9),
                                              rs.getBytes(10)));
    }

    /** Streamed in chunks, with binary results from the first execution: a bytea in text is hex, twice the bytes. */
    private static void binarios(PreparedStatement consulta) throws SQLException {
        consulta.setFetchSize(2_000);
        consulta.unwrap(PGStatement.class).setPrepareThreshold(-1);
    }

    /**
     * One row in COPY's CSV: every value quoted (an empty string stays one), null as nothing; instants and numbers
     * written as PostgreSQL reads them back exactly.
     */
    static void csv(Object[] linha, StringBuilder texto) {
        for (int i = 0; i < linha.length; i++) {
            if (i > 0) {
                texto.append(',');
            }
            Object valor = linha[i];
            if (valor == null) {
                continue;
            }
            String s = valor instanceof Timestamp t ? t.toInstant().toString()
                    : valor instanceof BigDecimal d ? d.toPlainString()
                    : valor.toString();
            texto.append('"');
            for (int c = 0; c < s.length(); c++) {
                char ch = s.charAt(c);
                if (ch == '"') {
                    texto.append('"');
                }
                texto.append(ch);
            }
            texto.append('"');
        }
        texto.append('\n');
    }
}
