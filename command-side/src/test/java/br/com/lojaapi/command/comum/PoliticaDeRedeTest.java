package br.com.lojaapi.command.comum;

import br.com.lojaapi.command.comum.EnderecoProibidoException.Motivo;
import okhttp3.Dns;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PoliticaDeRedeTest {

    /** A resolver of a few names, as a DNS server would answer them; any other name does not resolve. */
    private static final Dns ZONA = nome -> {
        List<String> enderecos = Map.of(
                "publico.teste", List.of("203.0.113.10"),
                "interno.teste", List.of("10.0.0.5"),
                "misto.teste", List.of("203.0.113.10", "127.0.0.1"),
                "metadados.teste", List.of("169.254.169.254"),
                "metadados6.teste", List.of("fd00:ec2::254"),
                "meio-metadados.teste", List.of("203.0.113.10", "169.254.170.2"),
                "localhost.", List.of("127.0.0.1")).get(nome);
        if (enderecos == null) {
            throw new UnknownHostException(nome + ": Name or service not known");
        }
        return enderecos.stream().map(PoliticaDeRedeTest::endereco).toList();
    };

    private final PoliticaDeRede padrao = new PoliticaDeRede(false, false, ZONA);
    private final PoliticaDeRede redeInternaAberta = new PoliticaDeRede(true, false, ZONA);

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "127.8.9.10", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.0.10",
            "169.254.1.1", "100.64.0.1", "100.127.255.254", "0.0.0.0", "0.1.2.3", "224.0.0.1", "255.255.255.255",
            "198.18.0.1", "192.0.0.8", "::1", "::", "fe80::1", "fc00::1", "fd12:3456::1", "fec0::1", "ff02::1",
            "::ffff:127.0.0.1", "::ffff:10.0.0.1", "64:ff9b::a00:1"})
    void recusaEnderecosInternos(String endereco) {
        assertThat(motivo(() -> padrao.exigirPermitido(endereco(endereco)))).isEqualTo(Motivo.REDE_INTERNA);
        assertThatCode(() -> redeInternaAberta.exigirPermitido(endereco(endereco))).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(strings = {"8.8.8.8", "1.1.1.1", "200.147.35.149", "172.32.0.1", "100.128.0.1", "2001:4860:4860::8888",
            "::ffff:8.8.8.8", "203.0.113.10", "168.63.129.15", "169.254.169.253"})
    void aceitaEnderecosPublicosEOsVizinhosDosDeMetadados(String endereco) {
        InetAddress alvo = endereco(endereco);
        assertThatCode(() -> (endereco.startsWith("169.254") ? redeInternaAberta : padrao).exigirPermitido(alvo))
                .doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(strings = {"169.254.169.254", "fd00:ec2::254", "169.254.170.2", "169.254.170.23", "fd00:ec2::23",
            "fd20:ce::254", "168.63.129.16", "100.100.100.200", "169.254.0.23", "fd00:c1::a9fe:a9fe", "192.0.0.192",
            "169.254.42.42", "fd00:42::42", "::ffff:169.254.169.254", "::ffff:100.100.100.200"})
    void metadadosFicamFechadosComARedeInternaAbertaESoAbremComASuaPropriaConfiguracao(String endereco) {
        InetAddress alvo = endereco(endereco);
        assertThat(motivo(() -> padrao.exigirPermitido(alvo))).isEqualTo(Motivo.METADADOS);
        assertThat(motivo(() -> redeInternaAberta.exigirPermitido(alvo))).isEqualTo(Motivo.METADADOS);
        assertThatCode(() -> new PoliticaDeRede(true, true, ZONA).exigirPermitido(alvo)).doesNotThrowAnyException();
    }

    @Test
    void abrirSoOsMetadadosNaoAbreARedeInternaOndeElesEstao() {
        PoliticaDeRede soMetadados = new PoliticaDeRede(false, true, ZONA);

        assertThatCode(() -> soMetadados.exigirPermitido(endereco("168.63.129.16"))).doesNotThrowAnyException();
        assertThat(motivo(() -> soMetadados.exigirPermitido(endereco("169.254.169.254"))))
                .isEqualTo(Motivo.REDE_INTERNA);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0x7f000001", "0X7F000001", "0x7f.0.0.1", "0177.0.0.1", "017700000001", "2130706433",
            "127.1", "127.0.1", "127.000.000.001", "08.8.8.8", "8.8.8.8.", "1.1.1.1.", "0", "0x", "256.1.1.1",
            "1.2.3.4.5", "example.0x10", "example.123"})
    void formasNumericasQueNaoSaoABCDSaoRecusadasNoCadastroENaEntrega(String host) {
        HttpUrl url = HttpUrl.get("http://" + host + "/x");
        for (PoliticaDeRede politica : List.of(padrao, redeInternaAberta, new PoliticaDeRede(true, true, ZONA))) {
            assertThat(motivo(() -> politica.exigirLiteralPermitido(url))).as(host).isEqualTo(Motivo.FORMA_NUMERICA);
            assertThat(motivo(() -> politica.exigirDestinoPermitido(url))).as(host).isEqualTo(Motivo.FORMA_NUMERICA);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"1e100.net", "123.com", "0x.example", "a0x1.example", "publico.teste"})
    void nomesComDigitosNaoSaoFormasNumericas(String host) {
        assertThat(PoliticaDeRede.numerico(host)).as(host).isFalse();
    }

    @Test
    void literaisABCDEIPv6SaoConferidosComoEnderecos() {
        assertThatCode(() -> padrao.exigirDestinoPermitido(HttpUrl.get("https://8.8.8.8/x")))
                .doesNotThrowAnyException();
        assertThat(motivo(() -> padrao.exigirDestinoPermitido(HttpUrl.get("http://127.0.0.1:8080/x"))))
                .isEqualTo(Motivo.REDE_INTERNA);
        assertThat(motivo(() -> padrao.exigirDestinoPermitido(HttpUrl.get("http://[::ffff:7f00:1]/x"))))
                .isEqualTo(Motivo.REDE_INTERNA);
        assertThat(motivo(() -> redeInternaAberta.exigirDestinoPermitido(HttpUrl.get("http://[fd00:ec2::254]/x"))))
                .isEqualTo(Motivo.METADADOS);
        assertThatCode(() -> redeInternaAberta.exigirDestinoPermitido(HttpUrl.get("http://127.0.0.1:8080/x")))
                .doesNotThrowAnyException();
    }

    @Test
    void noCadastroUmNomeQueNaoResolveERecusadoComQualquerConfiguracao() {
        for (PoliticaDeRede politica : List.of(padrao, redeInternaAberta, new PoliticaDeRede(true, true, ZONA))) {
            assertThatThrownBy(() -> politica.exigirDestinoPermitido(HttpUrl.get("https://erp.example.com/h")))
                    .isInstanceOf(UnknownHostException.class).isNotInstanceOf(EnderecoProibidoException.class);
        }
    }

    @Test
    void noCadastroUmNomeERecusadoSeQualquerEnderecoDeleForRecusado() {
        assertThatCode(() -> padrao.exigirDestinoPermitido(HttpUrl.get("https://publico.teste/h")))
                .doesNotThrowAnyException();
        assertThat(motivo(() -> padrao.exigirDestinoPermitido(HttpUrl.get("https://interno.teste/h"))))
                .isEqualTo(Motivo.REDE_INTERNA);
        assertThat(motivo(() -> padrao.exigirDestinoPermitido(HttpUrl.get("https://misto.teste/h"))))
                .isEqualTo(Motivo.REDE_INTERNA);
        assertThat(motivo(() -> padrao.exigirDestinoPermitido(HttpUrl.get("http://localhost./h"))))
                .isEqualTo(Motivo.REDE_INTERNA);
        assertThat(motivo(() -> redeInternaAberta.exigirDestinoPermitido(HttpUrl.get("https://metadados.teste/h"))))
                .isEqualTo(Motivo.METADADOS);
        assertThat(motivo(() -> redeInternaAberta.exigirDestinoPermitido(
                HttpUrl.get("https://meio-metadados.teste/h")))).isEqualTo(Motivo.METADADOS);
        assertThatCode(() -> redeInternaAberta.exigirDestinoPermitido(HttpUrl.get("https://misto.teste/h")))
                .doesNotThrowAnyException();
    }

    @Test
    void naEntregaOResolvedorSoDevolveEnderecosPermitidos() throws Exception {
        assertThat(padrao.dns().lookup("misto.teste")).containsExactly(endereco("203.0.113.10"));
        assertThat(redeInternaAberta.dns().lookup("misto.teste"))
                .containsExactly(endereco("203.0.113.10"), endereco("127.0.0.1"));
        assertThat(redeInternaAberta.dns().lookup("meio-metadados.teste")).containsExactly(endereco("203.0.113.10"));
        assertThat(motivo(() -> padrao.dns().lookup("interno.teste"))).isEqualTo(Motivo.REDE_INTERNA);
        assertThat(motivo(() -> redeInternaAberta.dns().lookup("metadados.teste"))).isEqualTo(Motivo.METADADOS);
        assertThat(motivo(() -> redeInternaAberta.dns().lookup("metadados6.teste"))).isEqualTo(Motivo.METADADOS);
        assertThat(new PoliticaDeRede(true, true, ZONA).dns().lookup("metadados.teste"))
                .containsExactly(endereco("169.254.169.254"));
    }

    private interface Chamada {
        void executar() throws Exception;
    }

    private static Motivo motivo(Chamada chamada) {
        try {
            chamada.executar();
        } catch (EnderecoProibidoException e) {
            return e.motivo();
        } catch (Exception e) {
            throw new AssertionError("esperava EnderecoProibidoException, veio " + e, e);
        }
        throw new AssertionError("esperava EnderecoProibidoException, nada foi recusado");
    }

    private static InetAddress endereco(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(literal, e);
        }
    }
}
