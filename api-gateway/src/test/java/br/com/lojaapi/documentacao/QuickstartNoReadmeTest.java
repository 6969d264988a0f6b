package br.com.lojaapi.documentacao;

import br.com.lojaapi.command.notafiscal.XmlsFiscais;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's "Five minutes with curl" is generated from docs/quickstart.sh, the script that runs it: the block
 * between the quickstart markers must be exactly what {@code bash docs/quickstart.sh --markdown} prints, so text
 * and script cannot drift. No Spring, no service: the markdown mode only prints.
 */
class QuickstartNoReadmeTest {

    private static final String INICIO = "<!-- quickstart:inicio -->\n";
    private static final String FIM = "<!-- quickstart:fim -->";

    @Test
    void readmeMostraOsPassosQueOScriptExecuta() throws Exception {
        Path raiz = raizDoRepositorio();
        Process processo = new ProcessBuilder("bash", "docs/quickstart.sh", "--markdown")
                .directory(raiz.toFile()).redirectErrorStream(true).start();
        processo.getOutputStream().close();
        byte[] saida = processo.getInputStream().readAllBytes();
        assertThat(processo.waitFor(30, TimeUnit.SECONDS)).as("bash docs/quickstart.sh --markdown terminou").isTrue();
        String bloco = new String(saida, StandardCharsets.UTF_8);
        assertThat(processo.exitValue()).as(bloco).isZero();
        assertThat(bloco).startsWith("```sh\n").endsWith("```\n").contains("# 1. ").contains("# → ");

        String readme = Files.readString(raiz.resolve("README.md"), StandardCharsets.UTF_8);
        int inicio = readme.indexOf(INICIO);
        int fim = readme.indexOf(FIM);
        assertThat(inicio).as("README.md tem " + INICIO.trim()).isNotNegative();
        assertThat(fim).as("README.md tem " + FIM + " depois do início").isGreaterThan(inicio);
        assertThat(readme.indexOf(INICIO, inicio + 1)).as("um só bloco").isNegative();
        assertThat(readme.substring(inicio + INICIO.length(), fim))
                .as("README.md differs from docs/quickstart.sh: run bash docs/quickstart.sh --update-readme")
                .isEqualTo(bloco);
    }

    /**
     * The samples the script uploads: an authorised NF-e whose key has a correct check digit (checked with the
     * fixtures the invoice tests use), and a PDF.
     */
    @Test
    void exemplosFiscaisSaoUmaNfeAutorizadaDeTesteESeuDanfe() throws IOException {
        Path exemplos = raizDoRepositorio().resolve("docs/exemplos");
        String xml = Files.readString(exemplos.resolve("nfe-autorizada.xml"), StandardCharsets.UTF_8);
        Matcher id = Pattern.compile("<infNFe Id=\"NFe([0-9]{44})\"").matcher(xml);
        assertThat(id.find()).as("infNFe/@Id com 44 dígitos").isTrue();
        String chave = id.group(1);
        assertThat(XmlsFiscais.chaveValida(chave)).as("dígito verificador de " + chave).isTrue();
        assertThat(xml).contains("<chNFe>" + chave + "</chNFe>", "<cStat>100</cStat>", "<tpAmb>2</tpAmb>",
                "SEM VALOR FISCAL", "AMOSTRA SINTÉTICA DE TESTE");

        byte[] pdf = Files.readAllBytes(exemplos.resolve("danfe.pdf"));
        String texto = new String(pdf, StandardCharsets.ISO_8859_1);
        assertThat(texto).startsWith("%PDF-").endsWith("%%EOF\n").contains("AMOSTRA DE TESTE - SEM VALOR FISCAL");
    }

    /** Maven runs tests in api-gateway; the README and docs/ are one level up. */
    private static Path raizDoRepositorio() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isRegularFile(dir.resolve("docs/quickstart.sh"))) {
            dir = dir.getParent();
        }
        assertThat(dir).as("docs/quickstart.sh acima de " + Path.of("").toAbsolutePath()).isNotNull();
        return dir;
    }
}
