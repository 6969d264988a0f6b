package br.com.lojaapi.gateway.acesso;

import br.com.lojaapi.apoio.LogCapturado;
import br.com.lojaapi.gateway.infra.DiretorioDeDados;
import ch.qos.logback.classic.spi.ILoggingEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TokenDeOperadorTest {

    @TempDir
    Path dados;

    @RegisterExtension
    final LogCapturado log = LogCapturado.de(TokenDeOperador.class);

    private List<String> linhas() {
        synchronized (log.trava()) {
            List<String> linhas = log.eventos().stream().map(ILoggingEvent::getFormattedMessage).toList();
            log.eventos().clear();
            return linhas;
        }
    }

    @Test
    void oTokenGeradoEImpressoUmaVezSoNaCriacaoDepoisSoOndeEstaGuardado() throws Exception {
        Path arquivo = dados.resolve("admin-token");

        new TokenDeOperador("", arquivo);
        String token = Files.readString(arquivo).strip();
        List<String> primeiroInicio = linhas();
        assertThat(primeiroInicio).singleElement().asString().contains(arquivo.toString(), token);

        new TokenDeOperador("", arquivo);
        new TokenDeOperador(null, arquivo);
        List<String> proximosInicios = linhas();
        assertThat(proximosInicios).hasSize(2).allSatisfy(linha -> assertThat(linha)
                .contains(arquivo.toString()).doesNotContain(token).doesNotContain("adm_"));

        new TokenDeOperador("definido-no-ambiente-0123", arquivo);
        assertThat(linhas()).noneSatisfy(linha -> assertThat(linha).contains("definido-no-ambiente-0123"));
    }

    @Test
    void semAdminTokenGeraUmTokenGuardadoSoParaODonoEOMesmoValeNoProximoInicio() throws Exception {
        Path arquivo = dados.resolve("admin-token");

        TokenDeOperador primeiro = new TokenDeOperador("", arquivo);

        String conteudo = Files.readString(arquivo);
        assertThat(conteudo).matches("adm_[A-Za-z0-9_-]{43}\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(arquivo))).isEqualTo("rw-------");
        String token = conteudo.strip();
        assertThat(primeiro.confere(token)).isTrue();
        TokenDeOperador depoisDeReiniciar = new TokenDeOperador(null, arquivo);
        assertThat(depoisDeReiniciar.confere(token)).isTrue();
        assertThat(Files.readString(arquivo)).isEqualTo(conteudo);
        try (var restos = Files.list(dados)) {
            assertThat(restos).containsExactly(arquivo);
        }
    }

    @Test
    void adminTokenDefinidoVenceENuncaEGravado() throws Exception {
        Path arquivo = dados.resolve("admin-token");
        Files.writeString(arquivo, "adm_guardado_antes_0123456789\n");

        TokenDeOperador operador = new TokenDeOperador("definido-no-ambiente-0123", arquivo);

        assertThat(operador.confere("definido-no-ambiente-0123")).isTrue();
        assertThat(operador.confere("adm_guardado_antes_0123456789")).isFalse();
        assertThat(Files.readString(arquivo)).isEqualTo("adm_guardado_antes_0123456789\n");

        Path outro = dados.resolve("vazio").resolve("admin-token");
        new TokenDeOperador("definido-no-ambiente-0123", outro);
        assertThat(outro.getParent()).doesNotExist();
    }

    @Test
    void arquivoComTokenInvalidoImpedeOInicioDizendoQualArquivo() throws Exception {
        Path arquivo = dados.resolve("admin-token");
        Files.writeString(arquivo, "curto\n");

        assertThatThrownBy(() -> new TokenDeOperador("", arquivo))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(arquivo.toString());
    }

    @Test
    void diretorioRelativoViraAbsolutoENormalizado() {
        Path trabalho = Path.of("").toAbsolutePath();

        assertThat(new DiretorioDeDados("./data").raiz()).isEqualTo(trabalho.resolve("data"));
        assertThat(new DiretorioDeDados("data").raiz()).isEqualTo(trabalho.resolve("data"));
        assertThat(new DiretorioDeDados("../x/./data").raiz()).isEqualTo(trabalho.getParent().resolve("x/data"));
        assertThat(new DiretorioDeDados("/tmp/a/../b").raiz()).isEqualTo(Path.of("/tmp/b"));
        assertThat(new DiretorioDeDados("./data").resolver("admin-token").toString()).doesNotContain("/./");
    }
}
