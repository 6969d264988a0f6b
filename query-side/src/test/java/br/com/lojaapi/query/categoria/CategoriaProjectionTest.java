package br.com.lojaapi.query.categoria;

import br.com.lojaapi.coreapi.categoria.BuscarCategoriaQuery;
import br.com.lojaapi.coreapi.categoria.CategoriaAtualizadaEvent;
import br.com.lojaapi.coreapi.categoria.CategoriaCriadaEvent;
import br.com.lojaapi.coreapi.categoria.CategoriaRemovidaEvent;
import br.com.lojaapi.coreapi.categoria.CategoriaView;
import br.com.lojaapi.coreapi.categoria.ListarCategoriasQuery;
import br.com.lojaapi.query.TesteDeProjecao;
import org.junit.jupiter.api.Test;

import java.sql.Timestamp;
import java.util.List;
import java.util.Map;

import static br.com.lojaapi.query.Projetor.evento;
import static org.assertj.core.api.Assertions.assertThat;

class CategoriaProjectionTest extends TesteDeProjecao<CategoriaProjection> {

    final String categoria = id();

    @Test
    void criadaEAtualizadaApareceComoAUltimaVersao() {
        dado(evento(categoria, 0, criada("Bebidas", 2)),
                evento(categoria, 1, new CategoriaAtualizadaEvent(categoria, loja, "Bebidas geladas", "Frias", 1, false,
                        DEPOIS)));

        assertThat(consultar(() -> projecao.handle(new BuscarCategoriaQuery(loja, categoria)))).contains(new CategoriaView(categoria,
                loja, "Bebidas geladas", "Frias", 1, false, CRIADO, DEPOIS, 1));
        assertThat(consultar(() -> projecao.handle(new ListarCategoriasQuery(loja)))).extracting(CategoriaView::nome)
                                                                     .containsExactly("Bebidas geladas");
        assertThat(consultar(() -> projecao.handle(new BuscarCategoriaQuery(id(), categoria)))).isEmpty();
    }

    @Test
    void removidaSomeDasConsultasEFicaComoLapideNaVersaoDaRemocao() {
        dado(evento(categoria, 0, criada("Lanches", 0)),
                evento(categoria, 1, new CategoriaRemovidaEvent(categoria, loja, "Lanches", MAIS_TARDE)));

        assertThat(consultar(() -> projecao.handle(new BuscarCategoriaQuery(loja, categoria)))).isEmpty();
        assertThat(consultar(() -> projecao.handle(new ListarCategoriasQuery(loja)))).isEmpty();
        Map<String, Object> lapide = linha("SELECT * FROM categoria_view WHERE id = ?", categoria);
        assertThat(lapide).containsEntry("versao", 1L).containsEntry("removida_em", Timestamp.from(MAIS_TARDE))
                          .containsEntry("atualizado_em", Timestamp.from(MAIS_TARDE)).containsEntry("nome", "Lanches");
    }

    @Test
    void versaoAntigaDepoisDeUmaNovaNaoMudaNada() {
        dado(evento(categoria, 0, criada("A", 0)),
                evento(categoria, 2, new CategoriaAtualizadaEvent(categoria, loja, "C", null, 3, true, DEPOIS)),
                evento(categoria, 1, new CategoriaAtualizadaEvent(categoria, loja, "B", null, 2, true, CRIADO)));

        assertThat(consultar(() -> projecao.handle(new BuscarCategoriaQuery(loja, categoria)))).get()
                .extracting(CategoriaView::nome, CategoriaView::ordem, CategoriaView::versao)
                .containsExactly("C", 3, 2L);

        dado(evento(categoria, 3, new CategoriaRemovidaEvent(categoria, loja, "C", MAIS_TARDE)),
                evento(categoria, 2, new CategoriaAtualizadaEvent(categoria, loja, "C", null, 3, true, DEPOIS)));

        assertThat(consultar(() -> projecao.handle(new BuscarCategoriaQuery(loja, categoria)))).isEmpty();
        assertThat(linha("SELECT versao FROM categoria_view WHERE id = ?", categoria)).containsEntry("versao", 3L);
    }

    @Test
    void repetirOsEventosDeixaAsMesmasLinhas() {
        List<Map<String, Object>> linhas = repetirNaoMudaAsLinhas(
                () -> linhas("SELECT * FROM categoria_view WHERE id = ?", categoria),
                evento(categoria, 0, criada("Doces", 0)),
                evento(categoria, 1, new CategoriaAtualizadaEvent(categoria, loja, "Doces finos", "Caros", 5, true,
                        DEPOIS)),
                evento(categoria, 2, new CategoriaRemovidaEvent(categoria, loja, "Doces finos", MAIS_TARDE)));

        assertThat(linhas).singleElement().satisfies(linha -> assertThat(linha)
                .containsEntry("nome", "Doces finos").containsEntry("versao", 2L)
                .containsEntry("removida_em", Timestamp.from(MAIS_TARDE)));
    }

    private CategoriaCriadaEvent criada(String nome, int ordem) {
        return new CategoriaCriadaEvent(categoria, loja, nome, null, ordem, true, CRIADO);
    }
}
