package br.com.lojaapi.query.notafiscal;

import br.com.lojaapi.coreapi.notafiscal.ArquivoFiscal;
import br.com.lojaapi.coreapi.notafiscal.BuscarNotaFiscalQuery;
import br.com.lojaapi.coreapi.notafiscal.DadosNotaFiscal;
import br.com.lojaapi.coreapi.notafiscal.EstadoDaNota;
import br.com.lojaapi.coreapi.notafiscal.ListarNotasFiscaisQuery;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalAtualizadaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalCanceladaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalRegistradaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalRemovidaEvent;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalView;
import br.com.lojaapi.query.TesteDeProjecao;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

import static br.com.lojaapi.query.Projetor.evento;
import static org.assertj.core.api.Assertions.assertThat;

class NotaFiscalProjectionTest extends TesteDeProjecao<NotaFiscalProjection> {

    private static final OffsetDateTime EMISSAO = OffsetDateTime.parse("2025-09-01T11:30:00-03:00");
    private static final String CHAVE = "35250911222333000181550010000001231000001230";

    final String pedido = id();
    final String nota = id();

    @Test
    void registradaApareceComoOEventoATrouxeComAsDatasNoFusoDelas() {
        EstadoDaNota registrada = nota(EstadoDaNota.AUTORIZADA, "150.00", List.of("CNPJ do emitente difere"), CRIADO);
        dado(evento(nota, 0, new NotaFiscalRegistradaEvent(registrada)));

        NotaFiscalView view = consultar(() -> projecao.handle(new BuscarNotaFiscalQuery(loja, pedido, nota)))
                .orElseThrow();
        assertThat(view.versao()).isZero();
        assertThat(view.nota()).usingRecursiveComparison()
                               .withComparatorForType(BigDecimal::compareTo, BigDecimal.class).isEqualTo(registrada);
        assertThat(view.nota().dados().dataEmissao().getOffset()).isEqualTo(EMISSAO.getOffset());
        assertThat(projecao.handle(new ListarNotasFiscaisQuery(loja, pedido))).extracting(v -> v.nota().notaId())
                                                                               .containsExactly(nota);
        assertThat(projecao.handle(new BuscarNotaFiscalQuery(loja, id(), nota))).isEmpty();
        assertThat(projecao.handle(new BuscarNotaFiscalQuery(id(), pedido, nota))).isEmpty();
    }

    @Test
    void atualizadaCanceladaERemovidaSubstituemANota() {
        dado(evento(nota, 0, new NotaFiscalRegistradaEvent(nota(EstadoDaNota.AUTORIZADA, "150.00",
                        List.of(), CRIADO))),
                evento(nota, 1, new NotaFiscalAtualizadaEvent(nota(EstadoDaNota.AUTORIZADA, "175.00", List.of(),
                        DEPOIS))),
                evento(nota, 2, new NotaFiscalCanceladaEvent(nota(EstadoDaNota.CANCELADA, "175.00", List.of(),
                        DEPOIS))));

        assertThat(linha("SELECT situacao, valor_total, versao FROM nota_fiscal_view WHERE id = ?", nota))
                .containsEntry("situacao", "CANCELADA").containsEntry("valor_total", new BigDecimal("175.00"))
                .containsEntry("versao", 2L);
        assertThat(projecao.handle(new BuscarNotaFiscalQuery(loja, pedido, nota))).get()
                .satisfies(v -> assertThat(v.nota().situacao()).isEqualTo(EstadoDaNota.CANCELADA));

        dado(evento(nota, 3, new NotaFiscalRemovidaEvent(nota(EstadoDaNota.CANCELADA, "175.00", List.of(),
                DEPOIS), DEPOIS)));

        assertThat(projecao.handle(new BuscarNotaFiscalQuery(loja, pedido, nota))).isEmpty();
        assertThat(projecao.handle(new ListarNotasFiscaisQuery(loja, pedido))).isEmpty();
        assertThat(linha("SELECT removida_em, versao FROM nota_fiscal_view WHERE id = ?", nota))
                .containsEntry("removida_em", Timestamp.from(DEPOIS)).containsEntry("versao", 3L);
    }

    @Test
    void versaoAntigaDepoisDeUmaNovaNaoMudaNada() {
        dado(evento(nota, 0, new NotaFiscalRegistradaEvent(nota(EstadoDaNota.AUTORIZADA, "10.00", List.of(),
                        CRIADO))),
                evento(nota, 2, new NotaFiscalCanceladaEvent(nota(EstadoDaNota.CANCELADA, "30.00", List.of(),
                        DEPOIS))),
                evento(nota, 1, new NotaFiscalAtualizadaEvent(nota(EstadoDaNota.AUTORIZADA, "20.00", List.of(),
                        DEPOIS))),
                evento(nota, 0, new NotaFiscalRegistradaEvent(nota(EstadoDaNota.AUTORIZADA, "10.00", List.of(),
                        CRIADO))));

        assertThat(linha("SELECT situacao, valor_total, versao FROM nota_fiscal_view WHERE id = ?", nota))
                .containsEntry("situacao", "CANCELADA").containsEntry("valor_total", new BigDecimal("30.00"))
                .containsEntry("versao", 2L);
    }

    @Test
    void repetirOsEventosDeixaAsMesmasLinhas() {
        List<Map<String, Object>> linhas = repetirNaoMudaAsLinhas(
                () -> linhas("SELECT * FROM nota_fiscal_view WHERE id = ?", nota),
                evento(nota, 0, new NotaFiscalRegistradaEvent(nota(EstadoDaNota.AUTORIZADA, "10.00", List.of(),
                        CRIADO))),
                evento(nota, 1, new NotaFiscalAtualizadaEvent(nota(EstadoDaNota.AUTORIZADA, "12.00",
                        List.of("valor difere do pedido"), DEPOIS))),
                evento(nota, 2, new NotaFiscalCanceladaEvent(nota(EstadoDaNota.CANCELADA, "12.00", List.of(),
                        DEPOIS))),
                evento(nota, 3, new NotaFiscalRemovidaEvent(nota(EstadoDaNota.CANCELADA, "12.00", List.of(),
                        DEPOIS), DEPOIS)));

        assertThat(linhas).singleElement().satisfies(linha -> assertThat(linha)
                .containsEntry("situacao", "CANCELADA").containsEntry("versao", 3L)
                .containsEntry("removida_em", Timestamp.from(DEPOIS)));
    }

    private EstadoDaNota nota(String situacao, String valor, List<String> avisos, Instant atualizadaEm) {
        boolean cancelada = EstadoDaNota.CANCELADA.equals(situacao);
        DadosNotaFiscal dados = new DadosNotaFiscal("55", CHAVE, "123", "1", null, EMISSAO, new BigDecimal(valor),
                "11222333000181", "12345678909", "135250000000001", true);
        return new EstadoDaNota(nota, loja, pedido, 42, dados, situacao,
                cancelada ? OffsetDateTime.parse("2025-09-02T10:00:00-03:00") : null, cancelada ? "110111" : null,
                cancelada ? "135250000000002" : null, new ArquivoFiscal("notas/" + nota + ".xml", 2048, "ab12"), null,
                null, avisos, "api", CRIADO, atualizadaEm);
    }
}
