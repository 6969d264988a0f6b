package br.com.lojaapi.query.loja;

import br.com.lojaapi.coreapi.loja.BuscarLojaQuery;
import br.com.lojaapi.coreapi.loja.DadosLoja;
import br.com.lojaapi.coreapi.loja.ListarLojasQuery;
import br.com.lojaapi.coreapi.loja.LojaAtualizadaEvent;
import br.com.lojaapi.coreapi.loja.LojaCriadaEvent;
import br.com.lojaapi.coreapi.loja.LojaView;
import br.com.lojaapi.query.TesteDeProjecao;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static br.com.lojaapi.query.Projetor.evento;
import static org.assertj.core.api.Assertions.assertThat;

class LojaProjectionTest extends TesteDeProjecao<LojaProjection> {

    private static final Instant CRIADA = Instant.parse("2025-01-10T00:00:00Z");
    private static final Instant ATUALIZADA = Instant.parse("2025-01-11T00:00:00Z");


    @Test
    void criadaEAtualizadaApareceComOsUltimosDados() {
        DadosLoja novos = dados("Padaria Central", "central.example.com");
        dado(evento(loja, 0, new LojaCriadaEvent(loja, dados("Padaria", null), CRIADA)),
                evento(loja, 1, new LojaAtualizadaEvent(loja, novos, ATUALIZADA)));

        LojaView esperada = new LojaView(loja, novos, CRIADA, ATUALIZADA, 1);
        assertThat(consultar(() -> projecao.handle(new BuscarLojaQuery(loja)))).contains(esperada);
        assertThat(consultar(() -> projecao.handle(new ListarLojasQuery()))).contains(esperada);
    }

    @Test
    void versaoAntigaDepoisDeUmaNovaNaoMudaNada() {
        dado(evento(loja, 0, new LojaCriadaEvent(loja, dados("A", null), CRIADA)),
                evento(loja, 2, new LojaAtualizadaEvent(loja, dados("C", null), ATUALIZADA)),
                evento(loja, 1, new LojaAtualizadaEvent(loja, dados("B", null), CRIADA)),
                evento(loja, 0, new LojaCriadaEvent(loja, dados("A", null), CRIADA)));

        assertThat(consultar(() -> projecao.handle(new BuscarLojaQuery(loja)))).get()
                .extracting(l -> l.dados().nome(), LojaView::atualizadaEm, LojaView::versao)
                .containsExactly("C", ATUALIZADA, 2L);
    }

    @Test
    void repetirOsEventosDeixaAsMesmasLinhas() {
        List<Map<String, Object>> linhas = repetirNaoMudaAsLinhas(
                () -> linhas("SELECT * FROM loja_view WHERE id = ?", loja),
                evento(loja, 0, new LojaCriadaEvent(loja, dados("Mercado", null), CRIADA)),
                evento(loja, 1, new LojaAtualizadaEvent(loja, dados("Mercado", "mercado.example.com"), ATUALIZADA)),
                evento(loja, 2, new LojaAtualizadaEvent(loja, dados("Mercadinho", "mercado.example.com"),
                        ATUALIZADA)));

        assertThat(linhas).singleElement().satisfies(linha -> assertThat(linha)
                .containsEntry("nome", "Mercadinho").containsEntry("dominio_proprio", "mercado.example.com")
                .containsEntry("versao", 2L));
    }

    private DadosLoja dados(String nome, String dominio) {
        return new DadosLoja(nome, "s-" + loja.substring(0, 8), "11222333000181", dominio, "(11) 3333-4444",
                "01001000", "Rua B", "20", null, "Centro", "São Paulo", "SP");
    }
}
