package br.com.lojaapi.query.rotulo;

import br.com.lojaapi.query.rotulo.LeitorDeRotulos.PaginaLida;
import com.google.zxing.BarcodeFormat;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.rendering.ImageType;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;
import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

import static br.com.lojaapi.query.rotulo.LeitorDeRotulos.ler;
import static br.com.lojaapi.query.rotulo.LeitorDeRotulos.pagina;
import static br.com.lojaapi.query.rotulo.LeitorDeRotulos.texto;
import static br.com.lojaapi.query.rotulo.LeitorDeRotulos.textoDe;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The PDF read back as a printer and a scanner would: page sizes, decoded barcodes and extracted text. */
class RotuloPdfTest {

    static final String LINK = "https://cafe-e-cia.lojas.example.com/pedido/5b1f0c9e-7a2d-4e3b-8f60-1c2d3e4f5a6b";
    static final String CHAVE = "35250612345678000195550010000012341482135766";

    @Test
    void dezPorQuinzeTemUmaPaginaDe100Por150mmPorVolumeComCodigosQueOsLeitoresLeem() throws Exception {
        ConteudoDoRotulo conteudo = conteudo(12345, LINK);
        byte[] pdf = RotuloPdf.gerar(volumes(conteudo, 3), TamanhoDoRotulo.DEZ_POR_QUINZE);

        try (PDDocument documento = Loader.loadPDF(pdf)) {
            assertThat(documento.getNumberOfPages()).isEqualTo(3);
            for (int indice = 0; indice < 3; indice++) {
                assertThat(pagina(documento, indice)).isEqualTo(new PaginaLida("100.0x150.0 mm", "12345", LINK));
            }
            assertThat(texto(documento, 1)).contains("Volume 1/3");
            assertThat(texto(documento, 2)).contains("Volume 2/3").doesNotContain("1/3");
            assertThat(texto(documento, 3)).contains("Volume 3/3");
        }
    }

    /** A link whose QR code, with the mask the encoder prefers, ZXing read from no rendering of the page. */
    @Test
    void oQrDeUmLinkDificilSeLeNaPaginaRenderizada() throws Exception {
        byte[] pdf = RotuloPdf.gerar(volumes(conteudo(1, CodigosDeBarrasTest.LINK_DIFICIL), 1),
                TamanhoDoRotulo.DEZ_POR_QUINZE);

        try (PDDocument documento = Loader.loadPDF(pdf)) {
            PDFRenderer renderizador = new PDFRenderer(documento);
            for (int dpi : new int[] {203, 300, 600}) {
                BufferedImage imagem = renderizador.renderImageWithDPI(0, dpi, ImageType.GRAY);
                assertThat(ler(imagem, BarcodeFormat.QR_CODE)).as("%d dpi", dpi)
                                                              .isEqualTo(CodigosDeBarrasTest.LINK_DIFICIL);
            }
        }
    }

    @Test
    void textoSaiComAcentosIntactosEComTudoQueOPedidoInforma() throws Exception {
        String texto = textoDe(RotuloPdf.gerar(volumes(conteudo(12345, LINK), 1), TamanhoDoRotulo.DEZ_POR_QUINZE));

        assertThat(texto).contains("Pedido 12345", "REMETENTE", "Café & Cia Ltda", "Rua Fernão Dias, 250 - Galpão 2",
                "Pinheiros - São Paulo/SP", "CEP 05427-000", "Tel. (11) 3333-4444", "CNPJ 12.345.678/0001-95");
        assertThat(texto).contains("DESTINATÁRIO", "João Araújo da Conceição",
                "Rua Ângela Brandão, 1500 - Apto 12", "Jardim Paulistano", "São Paulo/SP", "CEP 01452-000",
                "Tel. (11) 98888-7777", "Ref.: Próximo à padaria Pão & Companhia");
        assertThat(texto).contains("Entrega:", "DELIVERY", "Rastreio:", "OJ123456785BR", "NF-e 1234 série 1",
                "3525 0612 3456 7800 0195", "Peso:", "1,250 kg", "CONTEÚDO",
                "2 x Café 500 g (Moagem: Fina)", "1 x Açúcar orgânico 1 kg", LINK.substring(0, 20));
        assertThat(texto.replaceAll("\\s", "")).contains(CHAVE, "ãçéôÁ");
    }

    @Test
    void semPesoSemNotaSemRastreioESemItensNadaDissoAparece() throws Exception {
        ConteudoDoRotulo completo = conteudo(77, LINK);
        ConteudoDoRotulo minimo = new ConteudoDoRotulo(77, LINK, new Destinatario("Ana", null, null, null, null,
                null, null, null, null, null), "RETIRADA", null, null, null, List.of(),
                new Remetente("Loja", null, null, null, null, null, null, null, null, null));

        String texto = textoDe(RotuloPdf.gerar(volumes(minimo, 1), TamanhoDoRotulo.DEZ_POR_QUINZE));

        assertThat(texto).contains("Pedido 77", "Ana", "Loja", "RETIRADA", "Volume 1/1")
                         .doesNotContain("Peso", "kg", "Rastreio", "NF", "CONTEÚDO", "CEP", "Tel.", "Ref.", "null");
        assertThat(textoDe(RotuloPdf.gerar(volumes(completo, 1), TamanhoDoRotulo.DEZ_POR_QUINZE)))
                .contains("Peso", "Rastreio", "CONTEÚDO");
    }

    @Test
    void notaDeServicoSaiComoNfseSemChave() throws Exception {
        ConteudoDoRotulo conteudo = comNota(conteudo(5, LINK), new NotaDoRotulo("987", null, null));

        String texto = textoDe(RotuloPdf.gerar(volumes(conteudo, 1), TamanhoDoRotulo.DEZ_POR_QUINZE));

        assertThat(texto).contains("NFS-e 987").doesNotContain("NF-e", "série");
    }

    @Test
    void itensQueNaoCabemViramUmaLinhaQueDizQuantosFaltam() throws Exception {
        List<String> itens = IntStream.rangeClosed(1, 60).mapToObj(i -> "1 x Produto número " + i).toList();
        ConteudoDoRotulo conteudo = comItens(conteudo(5, LINK), itens);

        String texto = textoDe(RotuloPdf.gerar(volumes(conteudo, 1), TamanhoDoRotulo.DEZ_POR_QUINZE));

        Matcher mais = Pattern.compile("\u2026 e mais (\\d+) itens").matcher(texto);
        assertThat(mais.find()).as("linha de itens restantes em:%n%s", texto).isTrue();
        long impressos = Pattern.compile("1 x Produto número \\d+").matcher(texto).results().count();
        assertThat(impressos).isGreaterThan(3);
        assertThat(impressos + Long.parseLong(mais.group(1))).isEqualTo(60);
        assertThat(texto).contains("1 x Produto número 1\n");
    }

    @Test
    void textosLongosNaoSaemDaEtiqueta() throws Exception {
        String longo = "Um texto muito comprido que nenhuma etiqueta de dez centímetros comporta numa linha só ";
        String semEspacos = "https://loja.example.com/" + "x".repeat(600);
        ConteudoDoRotulo conteudo = new ConteudoDoRotulo(Long.MAX_VALUE, semEspacos,
                new Destinatario(longo.repeat(3), longo, "9".repeat(80), longo, longo, longo, "SP", "01452000",
                        longo, longo.repeat(4)),
                longo, "CODIGO".repeat(20), new NotaDoRotulo("1".repeat(60), "999", CHAVE.repeat(2)),
                new BigDecimal("123456789.5"), Collections.nCopies(40, longo.repeat(2)),
                new Remetente(longo, longo, longo, longo, longo, longo, "SP", "05427000", longo, "12345678000195"));

        byte[] pdf = RotuloPdf.gerar(volumes(conteudo, 1), TamanhoDoRotulo.DEZ_POR_QUINZE);

        try (PDDocument documento = Loader.loadPDF(pdf)) {
            assertThat(documento.getNumberOfPages()).isEqualTo(1);
            List<TextPosition> letras = letras(documento);
            assertThat(letras).isNotEmpty();
            for (TextPosition letra : letras) {
                assertThat(letra.getXDirAdj()).as("'%s'", letra.getUnicode()).isGreaterThanOrEqualTo(9f);
                assertThat(letra.getXDirAdj() + letra.getWidthDirAdj()).as("'%s'", letra.getUnicode())
                        .isLessThanOrEqualTo(283.46f - 9f);
                assertThat(letra.getYDirAdj()).as("'%s'", letra.getUnicode()).isBetween(9f, 425.2f - 9f);
            }
            BufferedImage imagem = new PDFRenderer(documento).renderImageWithDPI(0, 300, ImageType.GRAY);
            assertThat(ler(imagem, BarcodeFormat.CODE_128)).isEqualTo(Long.toString(Long.MAX_VALUE));
            assertThat(ler(imagem, BarcodeFormat.QR_CODE)).isEqualTo(semEspacos);
        }
    }

    @Test
    void letrasForaDoWinAnsiPerdemSoOAcento() throws Exception {
        ConteudoDoRotulo conteudo = new ConteudoDoRotulo(5, LINK, new Destinatario("Nguyễn Văn Đức", null,
                null, null, null, null, null, null, null, null), "DELIVERY", null, null, null, List.of(),
                new Remetente("Loja", null, null, null, null, null, null, null, null, null));

        String texto = textoDe(RotuloPdf.gerar(volumes(conteudo, 1), TamanhoDoRotulo.DEZ_POR_QUINZE));

        assertThat(texto).contains("Nguyen Van ?uc");
    }

    @Test
    void a4PoeQuatroEtiquetasPorFolhaNaOrdemComLinhasDeCorte() throws Exception {
        List<Rotulo> rotulos = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            rotulos.add(new Rotulo(conteudo(100 + i, LINK + "?v=" + i), 1, 1));
        }

        byte[] pdf = RotuloPdf.gerar(rotulos, TamanhoDoRotulo.A4);

        try (PDDocument documento = Loader.loadPDF(pdf)) {
            assertThat(documento.getNumberOfPages()).isEqualTo(2);
            PDRectangle a4 = documento.getPage(0).getMediaBox();
            assertThat(a4.getWidth()).isCloseTo(PDRectangle.A4.getWidth(), within(1f));
            assertThat(a4.getHeight()).isCloseTo(PDRectangle.A4.getHeight(), within(1f));
            PDFRenderer renderizador = new PDFRenderer(documento);
            BufferedImage folha = renderizador.renderImageWithDPI(0, 200, ImageType.GRAY);
            int meiaLargura = folha.getWidth() / 2;
            int meiaAltura = folha.getHeight() / 2;
            for (int quadrante = 0; quadrante < 4; quadrante++) {
                BufferedImage celula = folha.getSubimage((quadrante % 2) * meiaLargura, (quadrante / 2) * meiaAltura,
                        meiaLargura, meiaAltura);
                assertThat(ler(celula, BarcodeFormat.CODE_128)).isEqualTo(Integer.toString(101 + quadrante));
                assertThat(ler(celula, BarcodeFormat.QR_CODE)).isEqualTo(LINK + "?v=" + (quadrante + 1));
            }
            assertThat(tracejada(folha, true)).as("linha de corte vertical").isTrue();
            assertThat(tracejada(folha, false)).as("linha de corte horizontal").isTrue();

            BufferedImage segunda = renderizador.renderImageWithDPI(1, 200, ImageType.GRAY);
            assertThat(ler(segunda.getSubimage(0, 0, meiaLargura, meiaAltura), BarcodeFormat.CODE_128))
                    .isEqualTo("105");
            assertThat(texto(documento, 2)).contains("Pedido 105").doesNotContain("Pedido 101");
        }
    }

    @Test
    void semEtiquetasNaoHaPdf() {
        assertThatThrownBy(() -> RotuloPdf.gerar(List.of(), TamanhoDoRotulo.A4))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Rotulo(conteudo(1, LINK), 4, 3)).isInstanceOf(IllegalArgumentException.class);
    }

    static ConteudoDoRotulo conteudo(long numero, String link) {
        return new ConteudoDoRotulo(numero, link,
                new Destinatario("João Araújo da Conceição", "Rua Ângela Brandão", "1500", "Apto 12",
                        "Jardim Paulistano", "São Paulo", "SP", "01452000", "(11) 98888-7777",
                        "Próximo à padaria Pão & Companhia"),
                "DELIVERY", "OJ123456785BR", new NotaDoRotulo("1234", "1", CHAVE), new BigDecimal("1.25"),
                List.of("2 x Café 500 g (Moagem: Fina)", "1 x Açúcar orgânico 1 kg", "1 x Pão de ló ãçéôÁ"),
                new Remetente("Café & Cia Ltda", "Rua Fernão Dias", "250", "Galpão 2", "Pinheiros", "São Paulo",
                        "SP", "05427-000", "(11) 3333-4444", "12345678000195"));
    }

    static List<Rotulo> volumes(ConteudoDoRotulo conteudo, int volumes) {
        return IntStream.rangeClosed(1, volumes).mapToObj(v -> new Rotulo(conteudo, v, volumes)).toList();
    }

    static ConteudoDoRotulo comNota(ConteudoDoRotulo c, NotaDoRotulo nota) {
        return new ConteudoDoRotulo(c.numero(), c.link(), c.destinatario(), c.entrega(), c.codigoRastreio(), nota,
                c.pesoKg(), c.itens(), c.remetente());
    }

    static ConteudoDoRotulo comItens(ConteudoDoRotulo c, List<String> itens) {
        return new ConteudoDoRotulo(c.numero(), c.link(), c.destinatario(), c.entrega(), c.codigoRastreio(),
                c.nota(), c.pesoKg(), itens, c.remetente());
    }

    private static List<TextPosition> letras(PDDocument documento) throws IOException {
        List<TextPosition> letras = new ArrayList<>();
        PDFTextStripper coletor = new PDFTextStripper() {
            @Override
            protected void writeString(String texto, List<TextPosition> posicoes) {
                letras.addAll(posicoes);
            }
        };
        coletor.getText(documento);
        return letras;
    }

    /**
     * A dashed line through the middle of the sheet: along it some pixels are dark and some light, in a strip
     * where no label prints anything.
     */
    private static boolean tracejada(BufferedImage folha, boolean vertical) {
        int comprimento = vertical ? folha.getHeight() : folha.getWidth();
        int meio = (vertical ? folha.getWidth() : folha.getHeight()) / 2;
        int escuros = 0;
        for (int i = 0; i < comprimento; i++) {
            int maisEscuro = 255;
            for (int d = -2; d <= 2; d++) {
                int rgb = vertical ? folha.getRGB(meio + d, i) : folha.getRGB(i, meio + d);
                maisEscuro = Math.min(maisEscuro, rgb & 0xFF);
            }
            if (maisEscuro < 200) {
                escuros++;
            }
        }
        return escuros > comprimento * 0.3 && escuros < comprimento * 0.9;
    }
}
