package br.com.lojaapi.query.grupo;

import br.com.lojaapi.coreapi.grupo.BuscarGrupoQuery;
import br.com.lojaapi.coreapi.grupo.DadosGrupo;
import br.com.lojaapi.coreapi.grupo.GrupoComplementoAtualizadoEvent;
import br.com.lojaapi.coreapi.grupo.GrupoComplementoCriadoEvent;
import br.com.lojaapi.coreapi.grupo.GrupoComplementoRemovidoEvent;
import br.com.lojaapi.coreapi.grupo.GrupoView;
import br.com.lojaapi.coreapi.grupo.ItemComplemento;
import br.com.lojaapi.coreapi.grupo.ListarGruposQuery;
import br.com.lojaapi.coreapi.grupo.TipoGrupo;
import br.com.lojaapi.query.TesteDeProjecao;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.util.List;
import java.util.Map;

import static br.com.lojaapi.query.Projetor.evento;
import static org.assertj.core.api.Assertions.assertThat;

class GrupoProjectionTest extends TesteDeProjecao<GrupoProjection> {

    final String grupo = id();

    @Test
    void criadoEAtualizadoApareceComOsItensDaUltimaVersao() {
        DadosGrupo bordas = dados("Bordas", new ItemComplemento("Catupiry", new BigDecimal("6.50"), 10, 77L),
                new ItemComplemento("Cheddar", new BigDecimal("7.00"), null, null));
        dado(evento(grupo, 0, new GrupoComplementoCriadoEvent(grupo, loja, dados("Borda"), CRIADO)),
                evento(grupo, 1, new GrupoComplementoAtualizadoEvent(grupo, loja, bordas, DEPOIS)));

        GrupoView view = consultar(() -> projecao.handle(new BuscarGrupoQuery(loja, grupo))).orElseThrow();
        assertThat(view.dados()).usingRecursiveComparison()
                                .withComparatorForType(BigDecimal::compareTo, BigDecimal.class).isEqualTo(bordas);
        assertThat(view.criadoEm()).isEqualTo(CRIADO);
        assertThat(view.atualizadoEm()).isEqualTo(DEPOIS);
        assertThat(view.versao()).isEqualTo(1);
        assertThat(consultar(() -> projecao.handle(new ListarGruposQuery(loja)))).extracting(GrupoView::id)
                                                                               .containsExactly(grupo);
    }

    @Test
    void removidoSomeDasConsultasEFicaComoLapideNaVersaoDaRemocao() {
        dado(evento(grupo, 0, new GrupoComplementoCriadoEvent(grupo, loja, dados("Molhos"), CRIADO)),
                evento(grupo, 1, new GrupoComplementoRemovidoEvent(grupo, loja, "Molhos", MAIS_TARDE)));

        assertThat(consultar(() -> projecao.handle(new BuscarGrupoQuery(loja, grupo)))).isEmpty();
        assertThat(consultar(() -> projecao.handle(new ListarGruposQuery(loja)))).isEmpty();
        assertThat(linha("SELECT removido_em, versao FROM grupo_complemento_view WHERE id = ?", grupo))
                .containsEntry("removido_em", Timestamp.from(MAIS_TARDE)).containsEntry("versao", 1L);
    }

    @Test
    void versaoAntigaDepoisDeUmaNovaNaoMudaNada() {
        dado(evento(grupo, 0, new GrupoComplementoCriadoEvent(grupo, loja, dados("A"), CRIADO)),
                evento(grupo, 2, new GrupoComplementoAtualizadoEvent(grupo, loja, dados("C"), DEPOIS)),
                evento(grupo, 1, new GrupoComplementoAtualizadoEvent(grupo, loja, dados("B"), CRIADO)));

        assertThat(consultar(() -> projecao.handle(new BuscarGrupoQuery(loja, grupo)))).get()
                .extracting(g -> g.dados().nome(), GrupoView::versao).containsExactly("C", 2L);

        dado(evento(grupo, 3, new GrupoComplementoRemovidoEvent(grupo, loja, "C", MAIS_TARDE)),
                evento(grupo, 2, new GrupoComplementoAtualizadoEvent(grupo, loja, dados("C"), DEPOIS)));

        assertThat(linha("SELECT nome, removido_em, versao FROM grupo_complemento_view WHERE id = ?", grupo))
                .containsEntry("removido_em", Timestamp.from(MAIS_TARDE)).containsEntry("versao", 3L);
    }

    @Test
    void repetirOsEventosDeixaAsMesmasLinhas() {
        List<Map<String, Object>> linhas = repetirNaoMudaAsLinhas(
                () -> linhas("SELECT * FROM grupo_complemento_view WHERE id = ?", grupo),
                evento(grupo, 0, new GrupoComplementoCriadoEvent(grupo, loja, dados("Adicionais"), CRIADO)),
                evento(grupo, 1, new GrupoComplementoAtualizadoEvent(grupo, loja, dados("Adicionais",
                        new ItemComplemento("Bacon", new BigDecimal("4.00"), 3, null)), DEPOIS)),
                evento(grupo, 2, new GrupoComplementoRemovidoEvent(grupo, loja, "Adicionais", MAIS_TARDE)));

        assertThat(linhas).singleElement().satisfies(linha -> assertThat(linha)
                .containsEntry("versao", 2L).containsEntry("removido_em", Timestamp.from(MAIS_TARDE)));
        assertThat((String) linhas.get(0).get("itens")).contains("Bacon");
    }

    private static DadosGrupo dados(String nome, ItemComplemento... itens) {
        return new DadosGrupo(nome, TipoGrupo.MULTIPLA, false, 0, 2, 1, List.of(itens));
    }
}
