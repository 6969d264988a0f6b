package br.com.lojaapi.gateway.segredo;

import br.com.lojaapi.command.segredo.ChavesMestras;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConfiguracaoDeSegredosTest {

    @TempDir
    Path dados;

    @Test
    void semSecretsKeyAChaveEGeradaEmDataDirSoParaODonoEReusada() throws Exception {
        Path arquivo = dados.resolve(ConfiguracaoDeSegredos.ARQUIVO);

        ChavesMestras primeira = ConfiguracaoDeSegredos.chaves("", "", arquivo);
        String guardada = Files.readString(arquivo);

        assertThat(guardada).endsWith("\n");
        assertThat(Base64.getDecoder().decode(guardada.strip())).hasSize(32);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(arquivo))).isEqualTo("rw-------");
        assertThat(primeira.idAtual()).isEqualTo(ChavesMestras.id(Base64.getDecoder().decode(guardada.strip())));
        assertThat(ConfiguracaoDeSegredos.chaves(null, null, arquivo).idAtual()).isEqualTo(primeira.idAtual());
    }

    @Test
    void secretsKeyVenceOArquivoENaoEGravada() {
        String chave = ChavesMestras.gerar();
        String antiga = ChavesMestras.gerar();
        Path arquivo = dados.resolve(ConfiguracaoDeSegredos.ARQUIVO);

        ChavesMestras chaves = ConfiguracaoDeSegredos.chaves(" " + chave + " ", antiga + ", " + chave, arquivo);

        assertThat(arquivo).doesNotExist();
        assertThat(chaves.idAtual()).isEqualTo(ChavesMestras.id(Base64.getDecoder().decode(chave)));
        assertThat(chaves.ids()).containsExactly(chaves.idAtual(),
                ChavesMestras.id(Base64.getDecoder().decode(antiga)));
    }

    @Test
    void chaveInvalidaParaOInicioSemMostrarOValor() throws Exception {
        Path arquivo = dados.resolve(ConfiguracaoDeSegredos.ARQUIVO);
        Files.writeString(arquivo, "curta-demais\n");

        assertThatThrownBy(() -> ConfiguracaoDeSegredos.chaves("", "", arquivo))
                .hasMessageContaining(arquivo.toString()).hasMessageContaining("SECRETS_KEY");
        assertThatThrownBy(() -> ConfiguracaoDeSegredos.chaves("segredo-ruim", "", arquivo))
                .hasMessageContaining("SECRETS_KEY").hasMessageNotContaining("segredo-ruim");
        assertThatThrownBy(() -> ConfiguracaoDeSegredos.chaves(ChavesMestras.gerar(), "ruim", arquivo))
                .hasMessageContaining("SECRETS_READ_KEYS").hasMessageNotContaining("ruim");
    }
}
