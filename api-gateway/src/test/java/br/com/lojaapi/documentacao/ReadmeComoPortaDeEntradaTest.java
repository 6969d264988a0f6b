package br.com.lojaapi.documentacao;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * README.md is the front door (issue 20): short enough to read at once, with the two commands exactly as the
 * jar test and CI run them. Everything else lives under docs/, reached through its map (LinksDaDocumentacaoTest).
 */
class ReadmeComoPortaDeEntradaTest {

    static final int LINHAS_NO_MAXIMO = 250;

    @Test
    void readmeTemNoMaximo250LinhasETrazOsDoisComandos() throws Exception {
        List<String> linhas = Files.readAllLines(
                QuickstartNaDocumentacaoTest.raizDoRepositorio().resolve("README.md"), StandardCharsets.UTF_8);

        assertThat(linhas.size())
                .as("README.md lines: move detail to docs/ (integracao, operacao, arquitetura.md, decisoes)")
                .isLessThanOrEqualTo(LINHAS_NO_MAXIMO);
        assertThat(linhas).as("the run command, as JarComoNovatoIT starts the jar")
                          .contains("mvn -q -DskipTests package && java -jar api-gateway/target/store-api.jar");
        assertThat(linhas).as("the test command, as .ci/run calls it").contains("mvn -B verify");
        assertThat(String.join("\n", linhas)).as("where the operator token is kept, and the walkthrough")
                                             .contains("data/admin-token", "bash docs/quickstart.sh");
    }
}
