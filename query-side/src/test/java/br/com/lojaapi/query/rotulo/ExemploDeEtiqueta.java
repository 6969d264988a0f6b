package br.com.lojaapi.query.rotulo;

import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.rendering.ImageType;
import org.apache.pdfbox.rendering.PDFRenderer;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.List;

/**
 * Renders a realistic 10 x 15 label to PNG for the documentation (docs/etiquetas/gerar-exemplo.sh), so a reviewer
 * sees the layout without a printer. A main class rather than a test: surefire never runs it, and the build does
 * not depend on writing files.
 */
public final class ExemploDeEtiqueta {

    private ExemploDeEtiqueta() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("uso: ExemploDeEtiqueta <arquivo.png>");
        }
        byte[] pdf = RotuloPdf.gerar(List.of(new Rotulo(conteudo(), 2, 3)), TamanhoDoRotulo.DEZ_POR_QUINZE);
        try (PDDocument documento = Loader.loadPDF(pdf)) {
            BufferedImage imagem = new PDFRenderer(documento).renderImageWithDPI(0, 150, ImageType.RGB);
            ImageIO.write(imagem, "png", new File(args[0]));
        }
    }

    static ConteudoDoRotulo conteudo() {
        String cnpj = comDigitosDoCnpj("123456780001");
        Remetente loja = new Remetente("Empório Serra Azul Cafés Especiais", "Rua Harmonia", "512", "Loja 2",
                "Vila Madalena", "São Paulo", "SP", "05435000", "(11) 3032-4455", cnpj);
        Destinatario cliente = new Destinatario("Maria da Conceição Araújo", "Avenida Getúlio Vargas", "1280",
                "Apto 304, Bloco B", "Savassi", "Belo Horizonte", "MG", "30112021", "(31) 98765-4321",
                "Portaria 24 h; deixar com o zelador");
        String chave = comDigitoDaChave("35" + "2506" + cnpj + "55" + "001" + "000012345" + "1" + "48213576");
        return new ConteudoDoRotulo(12345,
                "https://emporio-serra-azul.lojas.example.com/pedido/8f3c2a71-5d4e-4b9a-9c61-2e7f0b3d4a15",
                cliente, "Entrega em domicílio", "AB123456785BR", new NotaDoRotulo("12345", "1", chave),
                new BigDecimal("1.250"),
                List.of("2 x Café Bourbon Amarelo 500 g (Moagem: Fina)",
                        "1 x Café Catuaí Vermelho 250 g (Moagem: Em grãos)",
                        "1 x Coador de pano nº 4",
                        "3 x Cápsulas compatíveis - caixa com 10 (Intensidade: 9)"),
                loja);
    }

    /** The NF-e access key's check digit: modulo 11 with weights 2 to 9 from the right. */
    static String comDigitoDaChave(String chaveSemDigito) {
        int soma = 0;
        int peso = 2;
        for (int i = chaveSemDigito.length() - 1; i >= 0; i--) {
            soma += (chaveSemDigito.charAt(i) - '0') * peso;
            peso = peso == 9 ? 2 : peso + 1;
        }
        int digito = 11 - soma % 11;
        return chaveSemDigito + (digito >= 10 ? 0 : digito);
    }

    /** Both CNPJ check digits, same modulo 11 rule as the key, so the sample shows a well-formed number. */
    static String comDigitosDoCnpj(String doze) {
        return comDigitoDaChave(comDigitoDaChave(doze));
    }
}
