package br.com.lojaapi.query.envio;

import br.com.lojaapi.coreapi.etiqueta.ArquivoDeEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.BuscarEtiquetaQuery;
import br.com.lojaapi.coreapi.etiqueta.DadosDaEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.EstadoDaEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaRegistradaEvent;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaRemovidaEvent;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaSubstituidaEvent;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaView;
import br.com.lojaapi.coreapi.etiqueta.ListarEtiquetasQuery;
import br.com.lojaapi.query.TesteDeProjecao;
import org.junit.jupiter.api.Test;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static br.com.lojaapi.query.Projetor.evento;
import static org.assertj.core.api.Assertions.assertThat;

class EtiquetaDeEnvioProjectionTest extends TesteDeProjecao<EtiquetaDeEnvioProjection> {

    final String pedido = id();
    final String etiqueta = id();

    @Test
    void registradaESubstituidaApareceComoOUltimoEventoATrouxe() {
        EstadoDaEtiqueta substituida = etiqueta("ZPL", 2, DEPOIS);
        dado(evento(etiqueta, 0, new EtiquetaRegistradaEvent(etiqueta("PDF", 1, CRIADO))),
                evento(etiqueta, 1, new EtiquetaSubstituidaEvent(substituida)));

        EtiquetaView esperada = new EtiquetaView(substituida, 1);
        assertThat(projecao.handle(new BuscarEtiquetaQuery(loja, pedido, etiqueta))).contains(esperada);
        assertThat(projecao.handle(new ListarEtiquetasQuery(loja, pedido))).containsExactly(esperada);
        assertThat(projecao.handle(new BuscarEtiquetaQuery(loja, id(), etiqueta))).isEmpty();
        assertThat(projecao.handle(new BuscarEtiquetaQuery(id(), pedido, etiqueta))).isEmpty();
    }

    @Test
    void removidaSomeDasConsultasEFicaComoLapideNaVersaoDaRemocao() {
        dado(evento(etiqueta, 0, new EtiquetaRegistradaEvent(etiqueta("PDF", 1, CRIADO))),
                evento(etiqueta, 1, new EtiquetaRemovidaEvent(etiqueta("PDF", 1, CRIADO), DEPOIS)));

        assertThat(projecao.handle(new BuscarEtiquetaQuery(loja, pedido, etiqueta))).isEmpty();
        assertThat(projecao.handle(new ListarEtiquetasQuery(loja, pedido))).isEmpty();
        assertThat(linha("SELECT removida_em, versao FROM etiqueta_view WHERE id = ?", etiqueta))
                .containsEntry("removida_em", Timestamp.from(DEPOIS)).containsEntry("versao", 1L);
    }

    @Test
    void versaoAntigaDepoisDeUmaNovaNaoMudaNada() {
        dado(evento(etiqueta, 0, new EtiquetaRegistradaEvent(etiqueta("PDF", 1, CRIADO))),
                evento(etiqueta, 2, new EtiquetaSubstituidaEvent(etiqueta("ZPL", 3, DEPOIS))),
                evento(etiqueta, 1, new EtiquetaSubstituidaEvent(etiqueta("PDF", 2, DEPOIS))),
                evento(etiqueta, 0, new EtiquetaRegistradaEvent(etiqueta("PDF", 1, CRIADO))));

        assertThat(projecao.handle(new BuscarEtiquetaQuery(loja, pedido, etiqueta))).get()
                .extracting(v -> v.etiqueta().dados().volume(), EtiquetaView::versao).containsExactly(3, 2L);
    }

    @Test
    void repetirOsEventosDeixaAsMesmasLinhas() {
        List<Map<String, Object>> linhas = repetirNaoMudaAsLinhas(
                () -> linhas("SELECT * FROM etiqueta_view WHERE id = ?", etiqueta),
                evento(etiqueta, 0, new EtiquetaRegistradaEvent(etiqueta("PDF", 1, CRIADO))),
                evento(etiqueta, 1, new EtiquetaSubstituidaEvent(etiqueta("ZPL", 2, DEPOIS))),
                evento(etiqueta, 2, new EtiquetaRemovidaEvent(etiqueta("ZPL", 2, DEPOIS), DEPOIS)));

        assertThat(linhas).singleElement().satisfies(linha -> assertThat(linha)
                .containsEntry("versao", 2L).containsEntry("removida_em", Timestamp.from(DEPOIS)));
    }

    private EstadoDaEtiqueta etiqueta(String formato, int volume, Instant atualizadaEm) {
        return new EstadoDaEtiqueta(etiqueta, loja, pedido, 42,
                new DadosDaEtiqueta("Correios", "SEDEX", "BR123456789BR", "https://rastreio/BR123456789BR", volume),
                new ArquivoDeEtiqueta("etiquetas/" + etiqueta, formato, 1024, "cafe"), List.of(), "api", CRIADO,
                atualizadaEm);
    }
}
