package br.com.lojaapi.query.comum;

import br.com.lojaapi.coreapi.categoria.CategoriaCriadaEvent;
import br.com.lojaapi.coreapi.categoria.CategoriaRemovidaEvent;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.etiqueta.ArquivoDeEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.DadosDaEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.EstadoDaEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaRegistradaEvent;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaRemovidaEvent;
import br.com.lojaapi.query.Projetor;
import br.com.lojaapi.query.TesteNoBanco;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static br.com.lojaapi.query.Projetor.evento;
import static org.assertj.core.api.Assertions.assertThat;

/** The version a writer waits for is the one its last event left in the read model, removals included. */
class VersoesProjetadasTest extends TesteNoBanco {

    private static final Instant AGORA = Instant.parse("2025-11-01T10:00:00Z");

    @Autowired
    VersoesProjetadas versoes;

    @Autowired
    ApplicationContext contexto;

    @Test
    void versaoDaCategoriaEADaRemocaoDepoisDelaSoNaSuaLoja() {
        String loja = id();
        String categoria = id();
        Projetor projetor = projetor(contexto.getBean("categoriaProjection"));

        assertThat(versao(loja, ModeloLeitura.CATEGORIA, categoria)).isEmpty();
        projetor.umAUm(evento(categoria, 0, new CategoriaCriadaEvent(categoria, loja, "Frios", null, 0, true, AGORA)));
        assertThat(versao(loja, ModeloLeitura.CATEGORIA, categoria)).contains(0L);

        projetor.umAUm(evento(categoria, 1, new CategoriaRemovidaEvent(categoria, loja, "Frios", AGORA)));
        assertThat(versao(loja, ModeloLeitura.CATEGORIA, categoria)).contains(1L);
        assertThat(versao(id(), ModeloLeitura.CATEGORIA, categoria)).isEmpty();
    }

    @Test
    void versaoDaEtiquetaRemovidaEADaRemocao() {
        String loja = id();
        String etiqueta = id();
        EstadoDaEtiqueta estado = new EstadoDaEtiqueta(etiqueta, loja, id(), 1,
                new DadosDaEtiqueta(null, null, null, null, null), new ArquivoDeEtiqueta("e", "PDF", 1, "00"),
                List.of(), "api", AGORA, AGORA);
        projetor(contexto.getBean("etiquetaDeEnvioProjection")).umAUm(
                evento(etiqueta, 0, new EtiquetaRegistradaEvent(estado)),
                evento(etiqueta, 1, new EtiquetaRemovidaEvent(estado, AGORA)));

        assertThat(versao(loja, ModeloLeitura.ETIQUETA, etiqueta)).contains(1L);
        assertThat(versao(loja, ModeloLeitura.NOTA_FISCAL, etiqueta)).isEmpty();
    }

    @Test
    void umaSoLeituraParaLinhasDeVariosModelos() {
        String loja = id();
        String categoria = id();
        String etiqueta = id();
        projetor(contexto.getBean("categoriaProjection")).umAUm(
                evento(categoria, 0, new CategoriaCriadaEvent(categoria, loja, "Frios", null, 0, true, AGORA)));
        EstadoDaEtiqueta estado = new EstadoDaEtiqueta(etiqueta, loja, id(), 1,
                new DadosDaEtiqueta(null, null, null, null, null), new ArquivoDeEtiqueta("e", "PDF", 1, "00"),
                List.of(), "api", AGORA, AGORA);
        projetor(contexto.getBean("etiquetaDeEnvioProjection")).umAUm(
                evento(etiqueta, 0, new EtiquetaRegistradaEvent(estado)));
        AvisosDeLeitura.Linha daCategoria = new AvisosDeLeitura.Linha(ModeloLeitura.CATEGORIA, categoria);
        AvisosDeLeitura.Linha daEtiqueta = new AvisosDeLeitura.Linha(ModeloLeitura.ETIQUETA, etiqueta);
        AvisosDeLeitura.Linha ausente = new AvisosDeLeitura.Linha(ModeloLeitura.PEDIDO, id());

        assertThat(versoes.ler(loja, List.of(daCategoria, daEtiqueta, ausente)))
                .containsOnly(Map.entry(daCategoria, 0L), Map.entry(daEtiqueta, 0L));
        assertThat(versoes.ler(id(), List.of(daCategoria, daEtiqueta))).as("outra loja").isEmpty();
    }

    private Optional<Long> versao(String loja, ModeloLeitura modelo, String id) {
        AvisosDeLeitura.Linha linha = new AvisosDeLeitura.Linha(modelo, id);
        return Optional.ofNullable(versoes.ler(loja, List.of(linha)).get(linha));
    }
}
