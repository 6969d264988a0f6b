package br.com.lojaapi.command.entrega;

import br.com.lojaapi.command.comum.LeituraAntecipada;
import br.com.lojaapi.command.comum.UmaUnidadeDeTrabalho;
import br.com.lojaapi.command.webhook.WebhookLookup;
import br.com.lojaapi.coreapi.entrega.EntregaIniciadaEvent;
import br.com.lojaapi.coreapi.entrega.RegistrarTentativaCommand;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.support.TransactionTemplate;

import java.net.InetAddress;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Collectors;

/**
 * Sends the queued attempts of this node (decision 072). One thread claims due attempts from {@code webhook_envio}
 * in batches, fairly across endpoints and never more than an endpoint's free slots
 * ({@code WEBHOOK_CONCURRENCY_PER_ENDPOINT} in flight per endpoint across all nodes, {@code WEBHOOK_MAX_IN_FLIGHT}
 * on this node in all), and
 * hands them to the asynchronous client; a slow or dead endpoint holds only its own slots, so the others' attempts
 * never wait behind it. Another thread records the outcomes in batches: one transaction per batch records each
 * attempt in its {@link Entrega} (whose events drive the saga's backoff and the delivery log), updates the endpoints'
 * health and circuits, and deletes the attempts from the queue.
 * <p>
 * An attempt is claimed for a lease of twice {@code WEBHOOK_TIMEOUT} plus 5 s: if this node dies mid-call, another
 * claims it once the lease runs out and sends it again (at least once; receivers deduplicate by {@code webhook-id}).
 */
@Component
public class DespachoDeWebhooks implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(DespachoDeWebhooks.class);
    /** Attempts claimed per statement at most. */
    static final int LOTE = 500;
    /**
     * Outcomes recorded per transaction at most. Axon gathers a unit of work's staged events, deduplicating them
     * with a list's {@code contains}, for every aggregate it loads in it, so a batch costs about the cube of its
     * size: at 500 that walk was over a quarter of the recorder's time in a fan-out, at 100 it hardly shows, and
     * the batch's statements are still shared by a hundred attempts.
     */
    static final int LOTE_DE_REGISTRO = 100;
    /** Claims are at least this far apart, so a stream of completions makes batches, not a statement each. */
    private static final long INTERVALO_MINIMO_MS = 25;
    /** With nothing due, how often the queue is looked at (attempts queued by this node wake it at once). */
    private static final long BUSCA_OCIOSA_MS = 250;
    /**
     * Ended attempts waiting to be recorded, at most: past it, nothing more is claimed until the recording catches
     * up (the database is slow or away), so memory stays bounded.
     */
    static final int A_REGISTRAR_NO_MAXIMO = 20_000;
    /**
     * An attempt whose call has ended stays held by its node, until its outcome is recorded, for this many time
     * limits (200 s by default): far longer than recording takes even when it lags by its whole backlog
     * ({@link #A_REGISTRAR_NO_MAXIMO}), so it is not sent twice, yet bounded, so a node that dies before recording it
     * leaves it to be sent again.
     */
    static final int APOS_O_ENVIO = 20;
    /** Besides twice the time limit, how long a claim outlives its call: the time to record the outcome. */
    private static final Duration MARGEM_DO_PRAZO = Duration.ofSeconds(5);

    private final FilaDeWebhooks fila;
    private final WebhookLookup destinos;
    private final EntregadorDeWebhooks entregador;
    private final EventStore eventos;
    private final LeituraAntecipada leitura;
    private final CommandGateway comandos;
    private final TransactionTemplate transacao;
    private final ConfiguracaoDosWebhooks configuracao;
    private final Clock relogio;
    private final String no;

    private final AtomicInteger emVoo = new AtomicInteger();
    private final BlockingQueue<Concluida> concluidas = new LinkedBlockingQueue<>();
    /** Attempts whose call ended and whose slot the next claim gives back (their rows wait to be recorded). */
    private final Queue<String> aLiberar = new ConcurrentLinkedQueue<>();
    private final ReentrantLock trava = new ReentrantLock();
    private final Condition sinal = trava.newCondition();
    private boolean acordado;
    private volatile boolean rodando;
    /** The queue could not be read (the dispatcher's thread only): said once per outage. */
    private boolean indisponivel;
    /** A batch could not be recorded (the recorder's thread only): said once per outage. */
    private boolean adiado;
    private Thread despacho;
    private Thread registro;

    /** An attempt that has ended, waiting to be recorded. */
    private record Concluida(FilaDeWebhooks.Envio envio, EntregadorDeWebhooks.Medida medida, Instant enviadoEm,
                             boolean definitiva) {
    }

    DespachoDeWebhooks(FilaDeWebhooks fila, WebhookLookup destinos, EntregadorDeWebhooks entregador,
                       EventStore eventos, LeituraAntecipada leitura, CommandGateway comandos,
                       TransactionTemplate transacao,
                       ConfiguracaoDosWebhooks configuracao, Clock relogio, MeterRegistry metricas,
                       @Value("${loja.nos.nome:}") String nomeDoNo) {
        this.fila = fila;
        this.destinos = destinos;
        this.entregador = entregador;
        this.eventos = eventos;
        this.leitura = leitura;
        this.comandos = comandos;
        this.transacao = transacao;
        this.configuracao = configuracao;
        this.relogio = relogio;
        this.no = nomeDoNo(nomeDoNo);
        Gauge.builder("loja.webhook.em.voo", emVoo, AtomicInteger::get)
             .description("Tentativas de entrega de webhook em andamento neste nó").register(metricas);
        Gauge.builder("loja.webhook.a.registrar", concluidas, BlockingQueue::size)
             .description("Tentativas concluídas à espera de registro neste nó").register(metricas);
    }

    /** Something was queued (or a slot freed): look at the queue now rather than at the next poll. */
    public void acordar() {
        trava.lock();
        try {
            acordado = true;
            sinal.signal();
        } finally {
            trava.unlock();
        }
    }

    @Override
    public void start() {
        rodando = true;
        despacho = new Thread(this::despachar, "webhook-despacho");
        registro = new Thread(this::registrar, "webhook-registro");
        // A stop with the database away must not hold the JVM: what is unrecorded is sent again after its lease.
        despacho.setDaemon(true);
        registro.setDaemon(true);
        despacho.start();
        registro.start();
    }

    /**
     * Stops claiming, lets the attempts in flight end (at most their time limit) and records them, so a deploy
     * neither loses nor repeats an attempt.
     */
    @Override
    public void stop() {
        rodando = false;
        acordar();
        try {
            despacho.join(5_000);
            long limite = System.nanoTime() + configuracao.tempoLimite().plusSeconds(2).toNanos();
            while (emVoo.get() > 0 && System.nanoTime() < limite) {
                Thread.sleep(20);
            }
            registro.join(configuracao.tempoLimite().toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return rodando;
    }

    /** Stops before the processors and the database pool it records through. */
    @Override
    public int getPhase() {
        return Integer.MAX_VALUE - 100;
    }

    private void despachar() {
        Duration prazo = configuracao.tempoLimite().multipliedBy(2).plus(MARGEM_DO_PRAZO);
        Duration aposOEnvio = configuracao.tempoLimite().multipliedBy(APOS_O_ENVIO);
        long ultima = 0;
        List<String> liberadas = new ArrayList<>();
        while (rodando) {
            try {
                long desde = (System.nanoTime() - ultima) / 1_000_000;
                if (desde < INTERVALO_MINIMO_MS) {
                    Thread.sleep(INTERVALO_MINIMO_MS - desde);
                }
                int livres = configuracao.emVooNoTotal() - emVoo.get();
                if (livres <= 0 || concluidas.size() >= A_REGISTRAR_NO_MAXIMO) {
                    esperar(BUSCA_OCIOSA_MS);
                    continue;
                }
                ultima = System.nanoTime();
                for (String id; liberadas.size() < LOTE && (id = aLiberar.poll()) != null; ) {
                    liberadas.add(id);
                }
                FilaDeWebhooks.Reivindicacao feita = fila.reivindicar(no, liberadas, configuracao.porDestino(),
                        Math.min(livres, LOTE), prazo, aposOEnvio);
                // those a recording held go back at the next claim (by then deleted, or free to give back)
                liberadas.clear();
                liberadas.addAll(feita.adiadas());
                List<FilaDeWebhooks.Envio> envios = feita.envios();
                if (envios.isEmpty()) {
                    esperar(BUSCA_OCIOSA_MS);
                    continue;
                }
                enviar(envios);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                // The database is away, say: what was claimed and not sent is claimed again when its lease ends;
                // the slots to give back are given back by the next claim that goes through.
                // Once per outage, with its cause: the application's log filter drops it when the database's outage
                // explains it (the outage is logged once, elsewhere); anything else shows.
                if (!indisponivel) {
                    log.warn("Fila de webhooks indisponível; nova busca a cada segundo até voltar", e);
                    indisponivel = true;
                }
                dormir(1000);
                continue;
            }
            if (indisponivel) {
                log.debug("Fila de webhooks disponível de novo");
                indisponivel = false;
            }
        }
    }

    private void enviar(List<FilaDeWebhooks.Envio> envios) {
        Set<String> webhooks = envios.stream().map(FilaDeWebhooks.Envio::webhookId).collect(Collectors.toSet());
        Map<String, WebhookLookup.Destino> alvos = destinos.destinos(webhooks);
        for (FilaDeWebhooks.Envio envio : envios) {
            emVoo.incrementAndGet();
            Instant enviadoEm = relogio.instant();
            WebhookLookup.Destino destino = alvos.get(envio.webhookId());
            if (destino == null || destino.removido()) {
                concluir(new Concluida(envio, entregador.encerrada(), enviadoEm, true));
                continue;
            }
            try {
                FilaDeWebhooks.Envio completo = comCorpo(envio);
                entregador.enviar(destino, completo.entregaId(), completo.evento(), completo.corpo(),
                                  completo.tentativa(), enviadoEm)
                          .whenComplete((medida, erro) -> {
                              if (erro != null) {
                                  log.error("Entrega {}: tentativa terminou com erro inesperado", envio.entregaId(),
                                          erro);
                                  liberar(envio);
                              } else {
                                  concluir(new Concluida(envio, medida, enviadoEm, false));
                              }
                          });
            } catch (RuntimeException e) {
                log.error("Entrega {}: tentativa não pôde ser enviada", envio.entregaId(), e);
                liberar(envio);
            }
        }
    }

    /** Later attempts are queued without the body: it is read from the delivery's start. */
    private FilaDeWebhooks.Envio comCorpo(FilaDeWebhooks.Envio envio) {
        if (envio.corpo() != null && envio.evento() != null) {
            return envio;
        }
        DomainEventStream stream = eventos.readEvents(envio.entregaId());
        while (stream.hasNext()) {
            if (stream.next().getPayload() instanceof EntregaIniciadaEvent inicio) {
                return new FilaDeWebhooks.Envio(envio.id(), envio.entregaId(), envio.serie(), envio.tentativa(),
                        envio.webhookId(), envio.lojaId(), inicio.evento(), inicio.corpo());
            }
        }
        throw new IllegalStateException("entrega sem início: " + envio.entregaId());
    }

    private void concluir(Concluida concluida) {
        concluidas.add(concluida);
        aLiberar.add(concluida.envio().id());
        liberar(concluida.envio());
    }

    private void liberar(FilaDeWebhooks.Envio envio) {
        emVoo.decrementAndGet();
        acordar();
    }

    private void registrar() {
        List<Concluida> lote = new ArrayList<>();
        while (rodando || emVoo.get() > 0 || !concluidas.isEmpty()) {
            try {
                Concluida primeira = concluidas.poll(100, TimeUnit.MILLISECONDS);
                if (primeira == null) {
                    continue;
                }
                lote.add(primeira);
                concluidas.drainTo(lote, LOTE_DE_REGISTRO - 1);
                registrarComPersistencia(lote);
                lote.clear();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Records a batch; while the database is away, tries again every second (the attempts stay claimed by this
     * node until their lease ends). A batch that fails for another reason is recorded one attempt at a time, so one
     * bad attempt never holds back the others.
     */
    private void registrarComPersistencia(List<Concluida> lote) throws InterruptedException {
        while (true) {
            try {
                registrarLote(lote);
                adiado = false;
                return;
            } catch (DataAccessResourceFailureException | TransientDataAccessException
                     | CannotCreateTransactionException e) {
                if (!adiado) {
                    // as above: dropped by the log filter when the database's outage explains it
                    log.warn("Registro de tentativas de webhook adiado: banco indisponível", e);
                    adiado = true;
                }
                Thread.sleep(1000);
            } catch (RuntimeException e) {
                if (lote.size() == 1) {
                    log.error("Entrega {}: o resultado da tentativa {} não pôde ser registrado",
                            lote.get(0).envio().entregaId(), lote.get(0).envio().tentativa(), e);
                    return;
                }
                for (Concluida c : lote) {
                    registrarComPersistencia(List.of(c));
                }
                return;
            }
        }
    }

    /**
     * One transaction per batch: the batch's deliveries are read in one query, and their commands run as one root
     * unit of work, so every event of the batch is appended in one statement when it commits (decision 075).
     */
    private void registrarLote(List<Concluida> lote) {
        transacao.executeWithoutResult(status -> {
            fila.registrarSaude(balancos(lote), configuracao.limiarDoCircuito(), configuracao.janelaDoCircuito(),
                    configuracao.intervaloDaSonda());
            leitura.antecipar(lote.stream().map(c -> c.envio().entregaId()).toList());
            UmaUnidadeDeTrabalho.executar(() -> {
                for (Concluida c : lote) {
                    FilaDeWebhooks.Envio e = c.envio();
                    EntregadorDeWebhooks.Resultado r = c.medida().resultado();
                    comandos.sendAndWait(new RegistrarTentativaCommand(e.entregaId(), e.serie(), e.tentativa(),
                            r.sucesso(), r.statusHttp(), c.medida().duracaoMs(), r.resposta(), r.erro(),
                            c.enviadoEm(), c.definitiva()));
                }
                return null;
            });
            fila.concluir(lote.stream().map(c -> c.envio().id()).toList());
        });
    }

    /** Each endpoint's outcomes in the batch, in the order they ended. */
    private static Map<String, FilaDeWebhooks.Balanco> balancos(List<Concluida> lote) {
        Map<String, FilaDeWebhooks.Balanco> balancos = new LinkedHashMap<>();
        for (Concluida c : lote) {
            if (c.definitiva()) {
                continue;
            }
            String webhook = c.envio().webhookId();
            FilaDeWebhooks.Balanco b = balancos.getOrDefault(webhook,
                    new FilaDeWebhooks.Balanco(c.envio().lojaId(), 0, null, null, null));
            Instant fim = c.enviadoEm().plusMillis(c.medida().duracaoMs());
            balancos.put(webhook, c.medida().resultado().sucesso()
                    ? new FilaDeWebhooks.Balanco(b.lojaId(), 0, null, fim, b.ultimaFalha())
                    : new FilaDeWebhooks.Balanco(b.lojaId(), b.falhas() + 1,
                            b.falhas() == 0 ? fim : b.primeiraFalha(), b.ultimoSucesso(), fim));
        }
        return balancos;
    }

    private void esperar(long ms) throws InterruptedException {
        trava.lock();
        try {
            if (!acordado) {
                sinal.await(ms, TimeUnit.MILLISECONDS);
            }
            acordado = false;
        } finally {
            trava.unlock();
        }
    }

    private static void dormir(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** {@code NODE_NAME} (else the host name) and a random suffix: what {@code webhook_envio.tomado_por} shows. */
    private static String nomeDoNo(String configurado) {
        String nome = configurado;
        if (nome == null || nome.isBlank()) {
            try {
                nome = InetAddress.getLocalHost().getHostName();
            } catch (Exception e) {
                nome = "no";
            }
        }
        String sufixo = UUID.randomUUID().toString().substring(0, 8);
        return (nome.length() > 40 ? nome.substring(0, 40) : nome) + "/" + sufixo;
    }
}
