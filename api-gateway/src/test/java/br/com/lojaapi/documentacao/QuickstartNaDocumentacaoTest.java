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
 * The walkthrough of docs/integracao/primeiros-passos.md ("five minutes with curl") is generated from
 * docs/quickstart.sh, the script that runs it: the block between the quickstart markers must be exactly what
 * {@code bash docs/quickstart.sh --markdown} prints, so text and script cannot drift. No Spring, no service: the
 * markdown mode only prints.
 */
class QuickstartNaDocumentacaoTest {

    static final String PAGINA = "docs/integracao/primeiros-passos.md";

    private static final String INICIO = "<!-- quickstart:inicio -->\n";
    private static final String FIM = "<!-- quickstart:fim -->";

    @Test
    void paginaMostraOsPassosQueOScriptExecuta() throws Exception {
        Path raiz = raizDoRepositorio();
        Process processo = new ProcessBuilder("bash", "docs/quickstart.sh", "--markdown")
                .directory(raiz.toFile()).redirectErrorStream(true).start();
        processo.getOutputStream().close();
        byte[] saida = processo.getInputStream().readAllBytes();
        assertThat(processo.waitFor(30, TimeUnit.SECONDS)).as("bash docs/quickstart.sh --markdown terminou").isTrue();
        String bloco = new String(saida, StandardCharsets.UTF_8);
        assertThat(processo.exitValue()).as(bloco).isZero();
        assertThat(bloco).startsWith("```sh\n").endsWith("```\n").contains("# 1. ").contains("# → ");

        String pagina = Files.readString(raiz.resolve(PAGINA), StandardCharsets.UTF_8);
        int inicio = pagina.indexOf(INICIO);
        int fim = pagina.indexOf(FIM);
        assertThat(inicio).as(PAGINA + " tem " + INICIO.trim()).isNotNegative();
        assertThat(fim).as(PAGINA + " tem " + FIM + " depois do início").isGreaterThan(inicio);
        assertThat(pagina.indexOf(INICIO, inicio + 1)).as("um só bloco").isNegative();
        assertThat(pagina.substring(inicio + INICIO.length(), fim))
                .as(PAGINA + " differs from docs/quickstart.sh: run bash docs/quickstart.sh --update")
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

    /** Maven runs tests in api-gateway; docs/ is one level up. */
    static Path raizDoRepositorio() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isRegularFile(dir.resolve("docs/quickstart.sh"))) {
            dir = dir.getParent();
        }
        assertThat(dir).as("docs/quickstart.sh acima de " + Path.of("").toAbsolutePath()).isNotNull();
        return dir;
    }
}
