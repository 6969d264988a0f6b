package br.com.lojaapi.query.rotulo;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

import static br.com.lojaapi.query.rotulo.RotuloPdfTest.CHAVE;
import static br.com.lojaapi.query.rotulo.RotuloPdfTest.LINK;
import static br.com.lojaapi.query.rotulo.RotuloPdfTest.comItens;
import static br.com.lojaapi.query.rotulo.RotuloPdfTest.conteudo;
import static br.com.lojaapi.query.rotulo.RotuloPdfTest.volumes;
import static br.com.lojaapi.query.rotulo.LeitorDeRotulos.CODE_128;
import static br.com.lojaapi.query.rotulo.LeitorDeRotulos.QR;
import static br.com.lojaapi.query.rotulo.LeitorDeRotulos.blocos;
import static br.com.lojaapi.query.rotulo.LeitorDeRotulos.dadosDe;
import static br.com.lojaapi.query.rotulo.LeitorDeRotulos.dadosDeTexto;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The ZPL read as a Zebra printer would: label blocks, barcode data after hex escapes, every dimension. */
class RotuloZplTest {

    /** Every command that carries a dimension, and just its dimensions: not ^BQ's model, not ^BC's flags. */
    private static final Pattern MEDIDAS = Pattern.compile(
            "\\^(FO|A0N,|BY|GB|PW|LL|LH|BCN,|BQN,2,)(\\d+(?:,\\d+)*)");

    @Test
    void umBlocoPorVolumeComCode128DoNumeroEQrDoLink() {
        String zpl = RotuloZpl.gerar(volumes(conteudo(12345, LINK), 3), 203);

        List<String> blocos = blocos(zpl);
        assertThat(blocos).hasSize(3);
        assertThat(String.join("\n", blocos).replaceAll("\\s", "")).isEqualTo(zpl.replaceAll("\\s", ""));
        for (int i = 0; i < 3; i++) {
            String bloco = blocos.get(i);
            assertThat(dadosDe(CODE_128, bloco)).containsExactly("12345");
            assertThat(dadosDe(QR, bloco)).containsExactly("QA," + LINK);
            assertThat(bloco).contains("Volume " + (i + 1) + "/3", "^PW800", "^LL1200");
        }
        assertThat(blocos.get(1)).contains("2/3").doesNotContain("1/3", "3/3");
    }

    @Test
    void textoEmUtf8ComAcentosETudoQueOPdfMostra() {
        String bloco = RotuloZpl.gerar(volumes(conteudo(12345, LINK), 1), 203);

        assertThat(bloco.indexOf("^CI28")).isPositive().isLessThan(bloco.indexOf("^FD"));
        assertThat(bloco).contains("Café & Cia Ltda", "João Araújo da Conceição",
                "Rua Ângela Brandão, 1500 - Apto 12",
                "São Paulo/SP", "CEP 01452-000", "Tel. (11) 98888-7777", "Ref.: Próximo à padaria Pão & Companhia",
                "Pedido 12345", "Entrega: DELIVERY", "Rastreio: OJ123456785BR", "NF-e 1234 série 1",
                "Peso: 1,250 kg", "CONTEÚDO", "2 x Café 500 g (Moagem: Fina)", "1 x Pão de ló ãçéôÁ");
        assertThat(dadosDeTexto(bloco).replaceAll("\\s", "")).contains(CHAVE);
    }

    @Test
    void semPesoNemItensNadaDissoAparece() {
        ConteudoDoRotulo c = conteudo(7, LINK);
        ConteudoDoRotulo semPeso = new ConteudoDoRotulo(c.numero(), c.link(), c.destinatario(), c.entrega(),
                null, null, null, List.of(), c.remetente());

        String zpl = RotuloZpl.gerar(volumes(semPeso, 1), 203);

        assertThat(zpl).doesNotContain("Peso", "kg", "CONTEÚDO", "Rastreio", "NF-e", "null");
    }

    @Test
    void itensQueNaoCabemViramUmaLinhaQueDizQuantosFaltam() {
        List<String> itens = IntStream.rangeClosed(1, 60).mapToObj(i -> "1 x Produto " + i).toList();

        String zpl = RotuloZpl.gerar(volumes(comItens(conteudo(5, LINK), itens), 1), 203);

        Matcher mais = Pattern.compile("\\.\\.\\. e mais (\\d+) itens").matcher(zpl);
        assertThat(mais.find()).isTrue();
        long impressos = Pattern.compile("\\^FD1 x Produto \\d+\\^FS").matcher(zpl).results().count();
        assertThat(impressos).isGreaterThan(3);
        assertThat(impressos + Long.parseLong(mais.group(1))).isEqualTo(60);
    }

    @Test
    void a300DpiCadaMedidaEAde203Vezes300Sobre203() {
        List<Rotulo> rotulos = volumes(conteudo(12345, LINK), 2);

        List<int[]> em203 = medidas(RotuloZpl.gerar(rotulos, 203));
        List<int[]> em300 = medidas(RotuloZpl.gerar(rotulos, 300));

        assertThat(em203).hasSizeGreaterThan(60).hasSameSizeAs(em300);
        for (int i = 0; i < em203.size(); i++) {
            assertThat(em300.get(i)).hasSameSizeAs(em203.get(i));
            for (int j = 0; j < em203.get(i).length; j++) {
                assertThat(em300.get(i)[j]).as("medida %d.%d", i, j)
                        .isEqualTo(Math.round(em203.get(i)[j] * 300.0 / 203));
            }
        }
        assertThat(RotuloZpl.gerar(rotulos, 300)).contains("^PW1182", "^LL1773");
    }

    @Test
    void tudoDentroDaEtiqueta() {
        for (String bloco : blocos(RotuloZpl.gerar(volumes(conteudo(Long.MAX_VALUE, LINK), 1), 203))) {
            Matcher origem = Pattern.compile("\\^FO(\\d+),(\\d+)").matcher(bloco);
            while (origem.find()) {
                assertThat(Integer.parseInt(origem.group(1))).isBetween(24, 800 - 24);
                assertThat(Integer.parseInt(origem.group(2))).isBetween(24, 1200 - 24);
            }
            assertThat(dadosDe(CODE_128, bloco)).containsExactly(Long.toString(Long.MAX_VALUE));
        }
    }

    @Test
    void soAceita203Ou300Dpi() {
        List<Rotulo> rotulos = volumes(conteudo(1, LINK), 1);
        for (int dpi : new int[] {0, 200, 204, 600}) {
            assertThatThrownBy(() -> RotuloZpl.gerar(rotulos, dpi)).isInstanceOf(IllegalArgumentException.class)
                                                                      .hasMessageContaining("dpi");
        }
        assertThatThrownBy(() -> RotuloZpl.gerar(List.of(), 203)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void circunflexoTilEUnderlineNosDadosViramEscapesHexadecimais() {
        ConteudoDoRotulo c = conteudo(9, LINK);
        String link = "https://loja.example.com/~cafe_especial/pedido?x=1^2";
        Destinatario perigoso = new Destinatario("Ana ^XZ ~JA Silva_Souza", null, null, null, null, null, null, null,
                null, null);
        ConteudoDoRotulo conteudo = new ConteudoDoRotulo(c.numero(), link, perigoso, c.entrega(),
                c.codigoRastreio(), c.nota(), c.pesoKg(), c.itens(), c.remetente());

        String zpl = RotuloZpl.gerar(volumes(conteudo, 1), 203);

        assertThat(blocos(zpl)).hasSize(1);
        assertThat(zpl).doesNotContain("~").containsOnlyOnce("^XZ");
        assertThat(zpl).contains("^FH^FDAna _5EXZ _7EJA Silva_5FSouza^FS");
        assertThat(dadosDe(QR, zpl)).containsExactly("QA," + link);
    }

    private static List<int[]> medidas(String zpl) {
        List<int[]> medidas = new ArrayList<>();
        Matcher m = MEDIDAS.matcher(zpl);
        while (m.find()) {
            String[] partes = m.group(2).split(",");
            int[] numeros = new int[partes.length];
            for (int i = 0; i < partes.length; i++) {
                numeros[i] = Integer.parseInt(partes[i]);
            }
            medidas.add(numeros);
        }
        return medidas;
    }
}
