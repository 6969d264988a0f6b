package br.com.lojaapi.command.notafiscal;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.notafiscal.ArquivoFiscal;
import br.com.lojaapi.coreapi.notafiscal.AtualizarNotaFiscalCommand;
import br.com.lojaapi.coreapi.notafiscal.CancelarNotaFiscalCommand;
import br.com.lojaapi.coreapi.notafiscal.DadosNotaFiscal;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalAtualizadaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalCanceladaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalRegistradaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalRemovidaEvent;
import br.com.lojaapi.coreapi.notafiscal.RegistrarNotaFiscalCommand;
import br.com.lojaapi.coreapi.notafiscal.RemoverNotaFiscalCommand;
import org.axonframework.eventsourcing.AggregateDeletedException;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;

class NotaFiscalTest {

    private static final String ID = "nota-1";
    private static final String LOJA = "loja-1";
    private static final String PEDIDO = "ped-1";
    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
    private static final Instant T1 = Instant.parse("2026-11-21T11:00:00Z");
    private static final OffsetDateTime CANCELADA_EM = OffsetDateTime.parse("2026-11-21T09:30:00-03:00");
    private static final DadosNotaFiscal DADOS = new DadosNotaFiscal("55",
            "35261112345678000195550010000001231234567890", "123", "1", null,
            OffsetDateTime.parse("2026-11-20T14:00:00-03:00"), new BigDecimal("59.90"), "12345678000195",
            "39053344705", "135260000000001");
    private static final ArquivoFiscal XML = new ArquivoFiscal("notas/loja-1/a.xml", 4096, "ab");
    private static final ArquivoFiscal PDF = new ArquivoFiscal("notas/loja-1/a.pdf", 9000, "cd");
    private static final NotaFiscalRegistradaEvent REGISTRADA = new NotaFiscalRegistradaEvent(ID, LOJA, PEDIDO, 42,
            DADOS, XML, null, "AUTORIZADA", null, List.of("Nota sem DANFE em PDF"), "API", T0);

    private static AggregateTestFixture<NotaFiscal> cenario() {
        return new AggregateTestFixture<>(NotaFiscal.class);
    }

    @Test
    void registrarAutorizadaEmiteRegistradaComSituacaoAutorizada() {
        cenario().givenNoPriorActivity()
                 .when(new RegistrarNotaFiscalCommand(ID, LOJA, PEDIDO, 42, DADOS, XML, null, null,
                         List.of("Nota sem DANFE em PDF"), "API", T0))
                 .expectResultMessagePayload(0L)
                 .expectEvents(REGISTRADA);
    }

    @Test
    void nfseQueChegaComBlocoDeCancelamentoEntraCancelada() {
        DadosNotaFiscal nfse = new DadosNotaFiscal("56", null, "77", null, "AB12CD", DADOS.dataEmissao(),
                new BigDecimal("150.00"), "12345678000195", "39053344705", null);
        cenario().givenNoPriorActivity()
                 .when(new RegistrarNotaFiscalCommand(ID, LOJA, PEDIDO, 42, nfse, XML, PDF, CANCELADA_EM, List.of(),
                         "API", T0))
                 .expectEvents(new NotaFiscalRegistradaEvent(ID, LOJA, PEDIDO, 42, nfse, XML, PDF, "CANCELADA",
                         CANCELADA_EM, List.of(), "API", T0));
    }

    @Test
    void reenvioAtualizaSoOQueFoiEnviado() {
        cenario().given(REGISTRADA)
                 .when(new AtualizarNotaFiscalCommand(ID, LOJA, PEDIDO, null, null, PDF, List.of(), T1))
                 .expectResultMessagePayload(1L)
                 .expectEvents(new NotaFiscalAtualizadaEvent(ID, LOJA, PEDIDO, null, null, PDF, List.of(), T1));
    }

    @Test
    void cancelamentoHomologadoCancelaEORepetidoNaoMudaNada() {
        CancelarNotaFiscalCommand cancelar = new CancelarNotaFiscalCommand(ID, LOJA, PEDIDO, "110111",
                "135260000000099", CANCELADA_EM, XML, T1);
        NotaFiscalCanceladaEvent cancelada = new NotaFiscalCanceladaEvent(ID, LOJA, PEDIDO, "110111",
                "135260000000099", CANCELADA_EM, XML, T1);
        cenario().given(REGISTRADA).when(cancelar).expectEvents(cancelada).expectResultMessagePayload(1L);
        cenario().given(REGISTRADA, cancelada).when(cancelar).expectNoEvents().expectResultMessagePayload(1L);
    }

    @Test
    void notaDeOutroPedidoOuOutraLojaENaoEncontrada() {
        cenario().given(REGISTRADA)
                 .when(new RemoverNotaFiscalCommand(ID, LOJA, "outro-pedido", T1))
                 .expectException(ErroDeNegocio.class)
                 .expectExceptionMessage(NotaFiscal.NAO_ENCONTRADA)
                 .expectNoEvents();
        cenario().given(REGISTRADA)
                 .when(new AtualizarNotaFiscalCommand(ID, "outra-loja", PEDIDO, null, null, PDF, List.of(), T1))
                 .expectException(ErroDeNegocio.class)
                 .expectNoEvents();
        cenario().given(REGISTRADA)
                 .when(new CancelarNotaFiscalCommand(ID, "outra-loja", PEDIDO, "110111", "1", CANCELADA_EM, XML, T1))
                 .expectExceptionMessage(NotaFiscal.NAO_ENCONTRADA);
    }

    @Test
    void removidaSomeDeVez() {
        cenario().given(REGISTRADA)
                 .when(new RemoverNotaFiscalCommand(ID, LOJA, PEDIDO, T1))
                 .expectEvents(new NotaFiscalRemovidaEvent(ID, LOJA, PEDIDO, T1));
        cenario().given(REGISTRADA, new NotaFiscalRemovidaEvent(ID, LOJA, PEDIDO, T1))
                 .when(new AtualizarNotaFiscalCommand(ID, LOJA, PEDIDO, null, null, PDF, List.of(), T1))
                 .expectException(AggregateDeletedException.class);
    }
}
