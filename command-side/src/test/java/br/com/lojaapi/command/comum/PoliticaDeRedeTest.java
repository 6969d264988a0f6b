package br.com.lojaapi.command.comum;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.InetAddress;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PoliticaDeRedeTest {

    private final PoliticaDeRede politica = new PoliticaDeRede(false);

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "127.8.9.10", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.0.10",
            "169.254.169.254", "100.64.0.1", "100.127.255.254", "0.0.0.0", "0.1.2.3", "224.0.0.1", "255.255.255.255",
            "198.18.0.1", "192.0.0.8", "::1", "::", "fe80::1", "fc00::1", "fd12:3456::1", "fec0::1", "ff02::1",
            "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::ffff:169.254.169.254", "64:ff9b::a00:1"})
    void recusaEnderecosInternos(String endereco) throws Exception {
        InetAddress alvo = InetAddress.getByName(endereco);
        assertThatThrownBy(() -> politica.exigirPermitido(alvo)).isInstanceOf(EnderecoProibidoException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"8.8.8.8", "1.1.1.1", "200.147.35.149", "172.32.0.1", "100.128.0.1", "2001:4860:4860::8888",
            "::ffff:8.8.8.8"})
    void aceitaEnderecosPublicos(String endereco) throws Exception {
        InetAddress alvo = InetAddress.getByName(endereco);
        assertThatCode(() -> politica.exigirPermitido(alvo)).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "10.0.0.1", "::1"})
    void comAConfiguracaoLigadaTudoEPermitido(String endereco) throws Exception {
        InetAddress alvo = InetAddress.getByName(endereco);
        assertThatCode(() -> new PoliticaDeRede(true).exigirPermitido(alvo)).doesNotThrowAnyException();
    }
}
