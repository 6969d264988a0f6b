package br.com.lojaapi.query.loja;

import br.com.lojaapi.coreapi.loja.BuscarLojaQuery;
import br.com.lojaapi.coreapi.loja.DadosLoja;
import br.com.lojaapi.coreapi.loja.ListarLojasQuery;
import br.com.lojaapi.coreapi.loja.LojaAtualizadaEvent;
import br.com.lojaapi.coreapi.loja.LojaCriadaEvent;
import br.com.lojaapi.coreapi.loja.LojaView;
import br.com.lojaapi.coreapi.loja.NomesDasLojas;
import br.com.lojaapi.coreapi.loja.NomesDasLojasQuery;
import br.com.lojaapi.coreapi.loja.PaginaDeLojas;
import br.com.lojaapi.query.TesteDeProjecao;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static br.com.lojaapi.query.Projetor.evento;
import static org.assertj.core.api.Assertions.assertThat;

class LojaProjectionTest extends TesteDeProjecao<LojaProjection> {

    @Test
    void criadaEAtualizadaApareceComOsUltimosDados() {
        DadosLoja novos = dados("Padaria Central", "central.example.com");
        dado(evento(loja, 0, new LojaCriadaEvent(loja, dados("Padaria", null), CRIADO)),
                evento(loja, 1, new LojaAtualizadaEvent(loja, novos, DEPOIS)));

        LojaView esperada = new LojaView(loja, novos, CRIADO, DEPOIS, 1);
        assertThat(consultar(() -> projecao.handle(new BuscarLojaQuery(loja)))).contains(esperada);
        assertThat(consultar(() -> projecao.handle(new ListarLojasQuery(loja, 1, 10)))).as("buscada pelo id")
                .isEqualTo(new PaginaDeLojas(List.of(esperada), 1));
        assertThat(consultar(() -> projecao.handle(new NomesDasLojasQuery(Set.of(loja, "outra")))))
                .isEqualTo(new NomesDasLojas(Map.of(loja, "Padaria Central")));
    }

    @Test
    void buscaComPoucasOuMuitasAchadasDaAMesmaOrdem() {
        String marca = loja.substring(0, 8);
        int muitas = LojaProjection.ACHADAS_ORDENADAS_ATE + 1;
        // names in an order of their own (case mixed), unrelated to the ids' order
        jdbc.update("INSERT INTO loja_view (id, nome, slug, criada_em, atualizada_em, versao)"
                    + " SELECT md5(g::text || ?), CASE WHEN g % 2 = 0 THEN 'B' ELSE 'b' END || (g % 97) || ' ' || ?,"
                    + " 'm-' || g || '-' || ?, now(), now(), 0 FROM generate_series(1, ?) g",
                marca, marca, marca, muitas);
        try {
            String ordem = "SELECT id FROM loja_view WHERE nome LIKE ? ORDER BY lower(nome), id";
            List<String> todas = jdbc.queryForList(ordem, String.class, "%" + marca);
            List<String> poucas = jdbc.queryForList(ordem, String.class, "%7 " + marca);

            PaginaDeLojas muitasAchadas = consultar(() -> projecao.handle(new ListarLojasQuery(marca, 3, 100)));
            PaginaDeLojas poucasAchadas = consultar(() -> projecao.handle(new ListarLojasQuery("7 " + marca, 1, 5)));

            assertThat(muitasAchadas.total()).isEqualTo(muitas);
            assertThat(muitasAchadas.lojas()).extracting(LojaView::id).isEqualTo(todas.subList(200, 300));
            assertThat(poucasAchadas.total()).isEqualTo(poucas.size()).isLessThan(LojaProjection.ACHADAS_ORDENADAS_ATE);
            assertThat(poucasAchadas.lojas()).extracting(LojaView::id).isEqualTo(poucas.subList(0, 5));
        } finally {
            jdbc.update("DELETE FROM loja_view WHERE slug LIKE ?", "m-%-" + marca);
        }
    }

    @Test
    void versaoAntigaDepoisDeUmaNovaNaoMudaNada() {
        dado(evento(loja, 0, new LojaCriadaEvent(loja, dados("A", null), CRIADO)),
                evento(loja, 2, new LojaAtualizadaEvent(loja, dados("C", null), DEPOIS)),
                evento(loja, 1, new LojaAtualizadaEvent(loja, dados("B", null), CRIADO)),
                evento(loja, 0, new LojaCriadaEvent(loja, dados("A", null), CRIADO)));

        assertThat(consultar(() -> projecao.handle(new BuscarLojaQuery(loja)))).get()
                .extracting(l -> l.dados().nome(), LojaView::atualizadaEm, LojaView::versao)
                .containsExactly("C", DEPOIS, 2L);
    }

    @Test
    void repetirOsEventosDeixaAsMesmasLinhas() {
        List<Map<String, Object>> linhas = repetirNaoMudaAsLinhas(
                () -> linhas("SELECT * FROM loja_view WHERE id = ?", loja),
                evento(loja, 0, new LojaCriadaEvent(loja, dados("Mercado", null), CRIADO)),
                evento(loja, 1, new LojaAtualizadaEvent(loja, dados("Mercado", "mercado.example.com"), DEPOIS)),
                evento(loja, 2, new LojaAtualizadaEvent(loja, dados("Mercadinho", "mercado.example.com"),
                        DEPOIS)));

        assertThat(linhas).singleElement().satisfies(linha -> assertThat(linha)
                .containsEntry("nome", "Mercadinho").containsEntry("dominio_proprio", "mercado.example.com")
                .containsEntry("versao", 2L));
    }

    private DadosLoja dados(String nome, String dominio) {
        return new DadosLoja(nome, "s-" + loja.substring(0, 8), "11222333000181", dominio, "(11) 3333-4444",
                "01001000", "Rua B", "20", null, "Centro", "São Paulo", "SP");
    }
}
