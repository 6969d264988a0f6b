package br.com.lojaapi.leitura;

import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.gateway.leitura.EscritaAceita;
import br.com.lojaapi.gateway.leitura.RespostaDeEscrita;
import br.com.lojaapi.query.comum.AvisosDeLeitura;
import br.com.lojaapi.query.comum.LeituraDaPropriaEscrita;
import br.com.lojaapi.query.comum.VersoesProjetadas;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.UncategorizedSQLException;
import org.springframework.transaction.CannotCreateTransactionException;

import java.net.URI;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

/** What a writer answers when its read model lags, and how quickly it answers when the read model catches up. */
class RespostaDeEscritaTest {

    private final VersoesProjetadas versoes = mock(VersoesProjetadas.class);
    private final AtomicReference<Optional<Long>> versaoNoModelo = new AtomicReference<>(Optional.empty());
    private final AvisosDeLeitura avisos = new AvisosDeLeitura();
    private final AtomicInteger leituras = new AtomicInteger();
    /** Runs (on a thread of its own) after the first read: the writer's wait is registered by then. */
    private volatile Runnable depoisDaPrimeiraLeitura;
    private final CountDownLatch segundaLeitura = new CountDownLatch(1);

    RespostaDeEscritaTest() {
        when(versoes.ler(any(), any())).thenAnswer(i -> {
            Collection<AvisosDeLeitura.Linha> linhas = i.getArgument(1);
            Map<AvisosDeLeitura.Linha, Long> lidas = new HashMap<>();
            versaoNoModelo.get().ifPresent(v -> linhas.forEach(l -> lidas.put(l, v)));
            int leitura = leituras.incrementAndGet();
            if (leitura == 1 && depoisDaPrimeiraLeitura != null) {
                new Thread(depoisDaPrimeiraLeitura).start();
            } else if (leitura == 2) {
                segundaLeitura.countDown();
            }
            return lidas;
        });
    }

    private long relerMs = 60_000;

    private RespostaDeEscrita resposta(Duration limite) {
        return new RespostaDeEscrita(new LeituraDaPropriaEscrita(versoes, avisos, new SimpleMeterRegistry(), limite, relerMs));
    }

    @Test
    void modeloDeLeituraParadoDa202ComIdVersaoEAviso() {
        ResponseEntity<Object> entidade = resposta(Duration.ofMillis(200)).criado(ModeloLeitura.CATEGORIA, "l", "c1", 0,
                URI.create("/v1/categorias/c1"), () -> Optional.of("nunca usado"));

        assertThat(entidade.getStatusCode().value()).isEqualTo(202);
        assertThat(entidade.getHeaders().getLocation()).hasToString("/v1/categorias/c1");
        EscritaAceita corpo = (EscritaAceita) entidade.getBody();
        assertThat(corpo.id()).isEqualTo("c1");
        assertThat(corpo.versao()).isZero();
        assertThat(corpo.avisos()).hasSize(1);
    }

    @Test
    void respondeAssimQueChegaOAvisoDaLinhaSemReler() {
        RespostaDeEscrita escrita = resposta(Duration.ofSeconds(30));
        new Thread(() -> {
            dormir(100);
            avisos.notificar("CATEGORIA:outra:9");
            avisos.notificar("LOJA:c1:9");
            avisos.notificar("CATEGORIA:c1:2");
            avisos.notificar("CATEGORIA:c1:3");
        }).start();
        long inicio = System.nanoTime();

        ResponseEntity<Object> entidade = escrita.alterado(ModeloLeitura.CATEGORIA, "l", "c1", 3,
                () -> Optional.of("corpo atual"));

        assertThat(entidade.getStatusCode().value()).isEqualTo(200);
        assertThat(entidade.getBody()).isEqualTo("corpo atual");
        assertThat(Duration.ofNanos(System.nanoTime() - inicio)).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void recursoRemovidoLogoDepoisDaEscritaDa202ComIdVersaoEAviso() {
        versaoNoModelo.set(Optional.of(2L));

        ResponseEntity<Object> entidade = resposta(Duration.ofSeconds(5)).alterado(ModeloLeitura.PRODUTO, "l", "p1", 1,
                Optional::empty);

        assertThat(entidade.getStatusCode().value()).isEqualTo(202);
        EscritaAceita corpo = (EscritaAceita) entidade.getBody();
        assertThat(corpo.id()).isEqualTo("p1");
        assertThat(corpo.versao()).isEqualTo(1L);
        assertThat(corpo.avisos().toString()).contains("removido logo depois");
    }

    @Test
    void asLinhasDeUmaEscritaSaoLidasNumaSoConsultaEOsAvisosDispensamOutras() {
        RespostaDeEscrita escrita = resposta(Duration.ofSeconds(30));
        List<RespostaDeEscrita.Espera> esperas = List.of(new RespostaDeEscrita.Espera(ModeloLeitura.PRODUTO, "p1", 4),
                new RespostaDeEscrita.Espera(ModeloLeitura.PRODUTO, "p2", 4),
                new RespostaDeEscrita.Espera(ModeloLeitura.PRODUTO, "p3", 4),
                new RespostaDeEscrita.Espera(ModeloLeitura.PEDIDO, "o1", 0));
        versaoNoModelo.set(Optional.of(3L));
        depoisDaPrimeiraLeitura = () -> {
            avisos.notificar("PRODUTO:p1:4");
            avisos.notificar("PRODUTO:p2:5");
            avisos.notificar("PRODUTO:p3:4");
        };

        ResponseEntity<Object> entidade = escrita.responder(HttpStatus.CREATED, "l", esperas,
                "o1", 0, null, () -> Optional.of("o pedido"));

        assertThat(entidade.getStatusCode().value()).isEqualTo(201);
        assertThat(leituras.get()).as("uma leitura para as quatro linhas; depois, só os avisos").isEqualTo(1);
    }

    /**
     * Notifications sent while the listener was disconnected are lost: its reconnection makes every waiting writer
     * read its rows again at once, rather than at the safety re-read (here a minute) or the bound. The 20 s below
     * only bounds a failing run; a passing one re-reads within milliseconds.
     */
    @Test
    void aReconexaoDoOuvinteFazReler() throws Exception {
        RespostaDeEscrita escrita = resposta(Duration.ofSeconds(60));
        depoisDaPrimeiraLeitura = () -> {
            versaoNoModelo.set(Optional.of(1L));
            avisos.notificar("");
        };

        CompletableFuture<ResponseEntity<Object>> entidade = CompletableFuture.supplyAsync(() ->
                escrita.alterado(ModeloLeitura.CATEGORIA, "l", "c1", 1, () -> Optional.of("x")));

        assertThat(segundaLeitura.await(20, TimeUnit.SECONDS)).as("releu depois da reconexão").isTrue();
        assertThat(entidade.get().getStatusCode().value()).isEqualTo(200);
    }

    @Test
    void semAvisosReleOModeloDeTemposEmTempos() {
        relerMs = 50;
        RespostaDeEscrita escrita = resposta(Duration.ofSeconds(30));
        new Thread(() -> {
            dormir(100);
            versaoNoModelo.set(Optional.of(1L));
        }).start();

        assertThat(escrita.alterado(ModeloLeitura.CATEGORIA, "l", "c1", 1, () -> Optional.of("x")).getStatusCode().value())
                .isEqualTo(200);
    }

    @Test
    void remocaoEsperaALapideComAVersaoDaRemocaoNaoSoAAusenciaDaLinha() {
        RespostaDeEscrita escrita = resposta(Duration.ofMillis(300));

        assertThat(escrita.removido(ModeloLeitura.CATEGORIA, "l", "c1", 1, "ok").getStatusCode().value())
                .as("linha ausente: a criação pode só não ter sido projetada ainda").isEqualTo(202);
        versaoNoModelo.set(Optional.of(1L));
        assertThat(escrita.removido(ModeloLeitura.CATEGORIA, "l", "c1", 1, "ok").getStatusCode().value()).isEqualTo(200);
    }

    /** The write committed; only reading it back failed: 202, never the outage's 503 (a retry would repeat it). */
    @Test
    void bancoQueCaiDepoisDaEscritaDa202ENaoUmErro() {
        AtomicReference<RuntimeException> falha = new AtomicReference<>(
                new CannotCreateTransactionException("sem conexão", new SQLException("refused", "08001")));
        when(versoes.ler(any(), any())).thenAnswer(i -> {
            throw falha.get();
        });
        RespostaDeEscrita escrita = resposta(Duration.ofSeconds(30));

        ResponseEntity<Object> entidade = escrita.criado(ModeloLeitura.CATEGORIA, "l", "c1", 0,
                URI.create("/v1/categorias/c1"), () -> Optional.of("nunca usado"));
        assertThat(entidade.getStatusCode().value()).isEqualTo(202);
        assertThat(entidade.getHeaders().getLocation()).hasToString("/v1/categorias/c1");
        assertThat(((EscritaAceita) entidade.getBody()).avisos().toString()).contains("banco de dados");
        assertThat(escrita.removido(ModeloLeitura.CATEGORIA, "l", "c1", 1, "ok").getStatusCode().value())
                .isEqualTo(202);

        falha.set(new UncategorizedSQLException("ler", "SELECT", new SQLException("relation does not exist", "42P01")));
        assertThatThrownBy(() -> escrita.alterado(ModeloLeitura.CATEGORIA, "l", "c1", 1, () -> Optional.of("x")))
                .as("um erro que não é de conexão continua um erro").hasRootCauseMessage("relation does not exist");
    }

    private static void dormir(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
