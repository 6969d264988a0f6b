package br.com.lojaapi.command.envio;

import br.com.lojaapi.coreapi.anexo.ResultadoDoAnexo;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.etiqueta.ArquivoDeEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.DadosDaEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.EstadoDaEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaRegistradaEvent;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaRemovidaEvent;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaSubstituidaEvent;
import br.com.lojaapi.coreapi.etiqueta.RegistrarEtiquetaCommand;
import br.com.lojaapi.coreapi.etiqueta.RemoverEtiquetaCommand;
import br.com.lojaapi.coreapi.etiqueta.SubstituirEtiquetaCommand;
import org.axonframework.eventsourcing.AggregateDeletedException;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

class EtiquetaDeEnvioTest {

    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
    private static final Instant T1 = Instant.parse("2026-11-21T11:00:00Z");
    private static final DadosDaEtiqueta DADOS = new DadosDaEtiqueta("Correios", "SEDEX", "BR1BR", null, 1);
    private static final ArquivoDeEtiqueta PDF = new ArquivoDeEtiqueta("etiquetas/l/p/a.pdf", "PDF", 900, "aa");
    private static final ArquivoDeEtiqueta ZPL = new ArquivoDeEtiqueta("etiquetas/l/p/b.zpl", "ZPL", 80, "bb");
    private static final EstadoDaEtiqueta CRIADA = new EstadoDaEtiqueta("e1", "l", "p", 7, DADOS, PDF, List.of(),
            "API", T0, T0);

    private static AggregateTestFixture<EtiquetaDeEnvio> cenario() {
        return new AggregateTestFixture<>(EtiquetaDeEnvio.class);
    }

    @Test
    void registraComOEstadoInteiro() {
        cenario().givenNoPriorActivity()
                 .when(new RegistrarEtiquetaCommand("e1", "l", "p", 7, DADOS, PDF, List.of(), "API", T0))
                 .expectResultMessagePayload(new ResultadoDoAnexo("e1", "criada", 0, List.of()))
                 .expectEvents(new EtiquetaRegistradaEvent(CRIADA));
    }

    @Test
    void substituirTrocaArquivoECamposELiberaOAntigo() {
        DadosDaEtiqueta novos = new DadosDaEtiqueta("Correios", "PAC", "BR1BR", "https://r.example/BR1BR", 2);
        cenario().given(new EtiquetaRegistradaEvent(CRIADA))
                 .when(new SubstituirEtiquetaCommand("e1", "l", "p", novos, ZPL, List.of(), T1))
                 .expectResultMessagePayload(new ResultadoDoAnexo("e1", "atualizada", 1, List.of(PDF.objeto())))
                 .expectEvents(new EtiquetaSubstituidaEvent(new EstadoDaEtiqueta("e1", "l", "p", 7, novos, ZPL,
                         List.of(), "API", T0, T1)));
    }

    @Test
    void mesmoConteudoDeNovoNaoMudaNadaELiberaACopiaEnviada() {
        ArquivoDeEtiqueta copia = new ArquivoDeEtiqueta("etiquetas/l/p/c.pdf", "PDF", 900, "aa");
        cenario().given(new EtiquetaRegistradaEvent(CRIADA))
                 .when(new SubstituirEtiquetaCommand("e1", "l", "p", DADOS, copia, List.of(), T1))
                 .expectNoEvents()
                 .expectResultMessagePayload(new ResultadoDoAnexo("e1", "atualizada", 0,
                         List.of(copia.objeto())));
    }

    @Test
    void removerLiberaOArquivoEOutroPedidoNaoEncontra() {
        cenario().given(new EtiquetaRegistradaEvent(CRIADA))
                 .when(new RemoverEtiquetaCommand("e1", "l", "outro", T1))
                 .expectException(ErroDeNegocio.class)
                 .expectNoEvents();
        cenario().given(new EtiquetaRegistradaEvent(CRIADA))
                 .when(new RemoverEtiquetaCommand("e1", "l", "p", T1))
                 .expectResultMessagePayload(new ResultadoDoAnexo("e1", "removida", 1, List.of(PDF.objeto())))
                 .expectEvents(new EtiquetaRemovidaEvent(CRIADA, T1));
        cenario().given(new EtiquetaRegistradaEvent(CRIADA), new EtiquetaRemovidaEvent(CRIADA, T1))
                 .when(new RemoverEtiquetaCommand("e1", "l", "p", T1))
                 .expectException(AggregateDeletedException.class);
    }
}
