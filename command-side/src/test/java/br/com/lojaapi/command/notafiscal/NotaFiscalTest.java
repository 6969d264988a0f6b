package br.com.lojaapi.command.notafiscal;

import br.com.lojaapi.coreapi.anexo.ResultadoDoAnexo;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.notafiscal.ArquivoFiscal;
import br.com.lojaapi.coreapi.notafiscal.AtualizarNotaFiscalCommand;
import br.com.lojaapi.coreapi.notafiscal.CancelarNotaFiscalCommand;
import br.com.lojaapi.coreapi.notafiscal.ContextoDoPedido;
import br.com.lojaapi.coreapi.notafiscal.DadosNotaFiscal;
import br.com.lojaapi.coreapi.notafiscal.EstadoDaNota;
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
            "39053344705", "135260000000001", false);
    /** The store's CNPJ, the customer's CPF and the order total all match DADOS: no mismatch warning. */
    private static final ContextoDoPedido PEDIDO_42 =
            new ContextoDoPedido(42, "12.345.678/0001-95", "390.533.447-05", new BigDecimal("59.9"));
    private static final ArquivoFiscal XML = new ArquivoFiscal("notas/loja-1/a.xml", 4096, "ab");
    private static final ArquivoFiscal PDF = new ArquivoFiscal("notas/loja-1/a.pdf", 9000, "cd");
    private static final ArquivoFiscal PDF_NOVO = new ArquivoFiscal("notas/loja-1/b.pdf", 9100, "ef");
    private static final EstadoDaNota AUTORIZADA = new EstadoDaNota(ID, LOJA, PEDIDO, 42, DADOS, "AUTORIZADA", null,
            null, null, XML, null, null, List.of(AvisosDaNota.SEM_PDF), "API", T0, T0);
    private static final NotaFiscalRegistradaEvent REGISTRADA = new NotaFiscalRegistradaEvent(AUTORIZADA);

    private static AggregateTestFixture<NotaFiscal> cenario() {
        return new AggregateTestFixture<>(NotaFiscal.class);
    }

    private static RegistrarNotaFiscalCommand registrar(DadosNotaFiscal dados, ContextoDoPedido contexto,
                                                        ArquivoFiscal pdf, OffsetDateTime canceladaEm) {
        return new RegistrarNotaFiscalCommand(ID, LOJA, PEDIDO, contexto, dados, XML, pdf, canceladaEm, "API", T0);
    }

    @Test
    void registrarAutorizadaSemPdfAvisaSoDaFaltaDoDanfe() {
        cenario().givenNoPriorActivity()
                 .when(registrar(DADOS, PEDIDO_42, null, null))
                 .expectResultMessagePayload(new ResultadoDoAnexo(ID, "criada", 0, List.of()))
                 .expectEvents(REGISTRADA);
    }

    @Test
    void cadaDivergenciaViraUmAviso() {
        DadosNotaFiscal divergente = new DadosNotaFiscal("55", DADOS.chave(), "123", "1", null, DADOS.dataEmissao(),
                new BigDecimal("60.00"), "99888777000161", "45318796000163", null, true);
        List<String> avisos = List.of(
                "Emitente da nota (99888777000161) difere do CNPJ da loja (12345678000195)",
                "Destinatário da nota (45318796000163) difere do documento do cliente do pedido (39053344705)",
                "Valor da nota (60.00) difere do total do pedido (59.9)",
                AvisosDaNota.SEM_PROTOCOLO, AvisosDaNota.HOMOLOGACAO);
        cenario().givenNoPriorActivity()
                 .when(registrar(divergente, PEDIDO_42, PDF, null))
                 .expectEvents(new NotaFiscalRegistradaEvent(new EstadoDaNota(ID, LOJA, PEDIDO, 42, divergente,
                         "AUTORIZADA", null, null, null, XML, PDF, null, avisos, "API", T0, T0)));
    }

    @Test
    void semCnpjDaLojaOuDocumentoDoClienteNadaEComparado() {
        DadosNotaFiscal outro = new DadosNotaFiscal("55", DADOS.chave(), "123", "1", null, DADOS.dataEmissao(),
                DADOS.valorTotal(), "99888777000161", "45318796000163", "1", false);
        cenario().givenNoPriorActivity()
                 .when(registrar(outro, new ContextoDoPedido(42, null, null, null), PDF, null))
                 .expectEvents(new NotaFiscalRegistradaEvent(new EstadoDaNota(ID, LOJA, PEDIDO, 42, outro,
                         "AUTORIZADA", null, null, null, XML, PDF, null, List.of(), "API", T0, T0)));
    }

    @Test
    void nfseQueChegaComBlocoDeCancelamentoEntraCanceladaSemAvisoDeProtocolo() {
        DadosNotaFiscal nfse = new DadosNotaFiscal("56", null, "77", null, "AB12CD", DADOS.dataEmissao(),
                new BigDecimal("59.90"), "12345678000195", "39053344705", null, false);
        cenario().givenNoPriorActivity()
                 .when(registrar(nfse, PEDIDO_42, PDF, CANCELADA_EM))
                 .expectEvents(new NotaFiscalRegistradaEvent(new EstadoDaNota(ID, LOJA, PEDIDO, 42, nfse,
                         "CANCELADA", CANCELADA_EM, null, null, XML, PDF, null, List.of(), "API", T0, T0)));
    }

    @Test
    void pdfEnviadoDepoisSubstituiSoOPdfETiraOAviso() {
        cenario().given(REGISTRADA)
                 .when(new AtualizarNotaFiscalCommand(ID, LOJA, PEDIDO, PEDIDO_42, null, null, PDF, null, T1))
                 .expectResultMessagePayload(new ResultadoDoAnexo(ID, "atualizada", 1, List.of()))
                 .expectEvents(new NotaFiscalAtualizadaEvent(new EstadoDaNota(ID, LOJA, PEDIDO, 42, DADOS,
                         "AUTORIZADA", null, null, null, XML, PDF, null, List.of(), "API", T0, T1)));
    }

    @Test
    void arquivoSubstituidoELiberadoEOMesmoConteudoNaoMudaNada() {
        NotaFiscalAtualizadaEvent comPdf = new NotaFiscalAtualizadaEvent(new EstadoDaNota(ID, LOJA, PEDIDO, 42,
                DADOS, "AUTORIZADA", null, null, null, XML, PDF, null, List.of(), "API", T0, T1));
        cenario().given(REGISTRADA, comPdf)
                 .when(new AtualizarNotaFiscalCommand(ID, LOJA, PEDIDO, PEDIDO_42, null, null, PDF_NOVO, null, T1))
                 .expectResultMessagePayload(new ResultadoDoAnexo(ID, "atualizada", 2, List.of(PDF.objeto())));
        ArquivoFiscal mesmoPdf = new ArquivoFiscal("notas/loja-1/c.pdf", PDF.tamanho(), PDF.sha256());
        ArquivoFiscal mesmoXml = new ArquivoFiscal("notas/loja-1/c.xml", XML.tamanho(), XML.sha256());
        cenario().given(REGISTRADA, comPdf)
                 .when(new AtualizarNotaFiscalCommand(ID, LOJA, PEDIDO, PEDIDO_42, DADOS, mesmoXml, mesmoPdf, null,
                         T1))
                 .expectNoEvents()
                 .expectResultMessagePayload(new ResultadoDoAnexo(ID, "atualizada", 1,
                         List.of(mesmoXml.objeto(), mesmoPdf.objeto())));
    }

    @Test
    void nfseReenviadaComBlocoDeCancelamentoCancela() {
        DadosNotaFiscal nfse = new DadosNotaFiscal("56", null, "77", null, "AB12CD", DADOS.dataEmissao(),
                new BigDecimal("59.90"), "12345678000195", "39053344705", null, false);
        EstadoDaNota autorizada = new EstadoDaNota(ID, LOJA, PEDIDO, 42, nfse, "AUTORIZADA", null, null, null, XML,
                PDF, null, List.of(), "API", T0, T0);
        ArquivoFiscal xmlCancelada = new ArquivoFiscal("notas/loja-1/d.xml", 5000, "99");
        cenario().given(new NotaFiscalRegistradaEvent(autorizada))
                 .when(new AtualizarNotaFiscalCommand(ID, LOJA, PEDIDO, PEDIDO_42, nfse, xmlCancelada, null,
                         CANCELADA_EM, T1))
                 .expectResultMessagePayload(new ResultadoDoAnexo(ID, "cancelada", 2, List.of(XML.objeto())))
                 .expectEvents(
                         new NotaFiscalAtualizadaEvent(new EstadoDaNota(ID, LOJA, PEDIDO, 42, nfse, "AUTORIZADA",
                                 null, null, null, xmlCancelada, PDF, null, List.of(), "API", T0, T1)),
                         new NotaFiscalCanceladaEvent(new EstadoDaNota(ID, LOJA, PEDIDO, 42, nfse, "CANCELADA",
                                 CANCELADA_EM, null, null, xmlCancelada, PDF, null, List.of(), "API", T0, T1)));
    }

    @Test
    void cancelamentoHomologadoCancelaEORepetidoNaoMudaNada() {
        ArquivoFiscal evento = new ArquivoFiscal("notas/loja-1/e.xml", 2048, "12");
        CancelarNotaFiscalCommand cancelar = new CancelarNotaFiscalCommand(ID, LOJA, PEDIDO, "110111",
                "135260000000099", CANCELADA_EM, evento, T1);
        NotaFiscalCanceladaEvent cancelada = new NotaFiscalCanceladaEvent(new EstadoDaNota(ID, LOJA, PEDIDO, 42,
                DADOS, "CANCELADA", CANCELADA_EM, "110111", "135260000000099", XML, null, evento,
                List.of(AvisosDaNota.SEM_PDF), "API", T0, T1));
        cenario().given(REGISTRADA).when(cancelar).expectEvents(cancelada)
                 .expectResultMessagePayload(new ResultadoDoAnexo(ID, "cancelada", 1, List.of()));
        ArquivoFiscal outraCopia = new ArquivoFiscal("notas/loja-1/f.xml", 2048, "12");
        cenario().given(REGISTRADA, cancelada)
                 .when(new CancelarNotaFiscalCommand(ID, LOJA, PEDIDO, "110111", "135260000000099", CANCELADA_EM,
                         outraCopia, T1))
                 .expectNoEvents()
                 .expectResultMessagePayload(new ResultadoDoAnexo(ID, "cancelada", 1, List.of(outraCopia.objeto())));
    }

    @Test
    void notaDeOutroPedidoOuOutraLojaENaoEncontrada() {
        cenario().given(REGISTRADA)
                 .when(new RemoverNotaFiscalCommand(ID, LOJA, "outro-pedido", T1))
                 .expectException(ErroDeNegocio.class)
                 .expectExceptionMessage(NotaFiscal.NAO_ENCONTRADA)
                 .expectNoEvents();
        cenario().given(REGISTRADA)
                 .when(new AtualizarNotaFiscalCommand(ID, "outra-loja", PEDIDO, PEDIDO_42, null, null, PDF, null, T1))
                 .expectException(ErroDeNegocio.class)
                 .expectNoEvents();
        cenario().given(REGISTRADA)
                 .when(new CancelarNotaFiscalCommand(ID, "outra-loja", PEDIDO, "110111", "1", CANCELADA_EM, XML, T1))
                 .expectExceptionMessage(NotaFiscal.NAO_ENCONTRADA);
    }

    @Test
    void removidaLiberaOsArquivosESomeDeVez() {
        cenario().given(REGISTRADA)
                 .when(new RemoverNotaFiscalCommand(ID, LOJA, PEDIDO, T1))
                 .expectResultMessagePayload(new ResultadoDoAnexo(ID, "removida", 1, List.of(XML.objeto())))
                 .expectEvents(new NotaFiscalRemovidaEvent(AUTORIZADA, T1));
        cenario().given(REGISTRADA, new NotaFiscalRemovidaEvent(AUTORIZADA, T1))
                 .when(new AtualizarNotaFiscalCommand(ID, LOJA, PEDIDO, PEDIDO_42, null, null, PDF, null, T1))
                 .expectException(AggregateDeletedException.class);
    }
}
