package br.com.lojaapi.command.comum;

import okhttp3.Dns;
import okhttp3.HttpUrl;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import javax.net.ssl.SSLException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/**
 * Which addresses the service may call on a client's behalf (image downloads and webhook deliveries). Loopback,
 * private, link-local (which holds the cloud metadata address 169.254.169.254), carrier-grade NAT, unique-local,
 * multicast, unspecified and reserved ranges are refused unless {@code ALLOW_PRIVATE_NETWORK_TARGETS=true}. The
 * check is applied to the addresses a name resolves to, at connection time ({@link #dns()}), so a name that
 * resolves differently later (DNS rebinding) gains nothing.
 */
@Component
public class PoliticaDeRede {

    private final boolean permitirRedeInterna;

    public PoliticaDeRede(@Value("${loja.rede.permitir-interna:false}") boolean permitirRedeInterna) {
        this.permitirRedeInterna = permitirRedeInterna;
    }

    /** Refused addresses, whatever the setting says, are only those that are not addresses at all. */
    public void exigirPermitido(InetAddress endereco) throws EnderecoProibidoException {
        if (!permitirRedeInterna && interno(endereco)) {
            throw new EnderecoProibidoException(endereco.getHostAddress());
        }
    }

    /** An OkHttp resolver that connects only to permitted addresses of a name. */
    public Dns dns() {
        return nome -> {
            List<InetAddress> todos = Dns.SYSTEM.lookup(nome);
            List<InetAddress> permitidos = permitirRedeInterna ? todos
                    : todos.stream().filter(a -> !interno(a)).toList();
            if (permitidos.isEmpty()) {
                throw new EnderecoProibidoException(nome);
            }
            return permitidos;
        };
    }

    /** OkHttp does not resolve IP literals through {@link #dns()}: a literal host is checked here, as it is. */
    public void exigirLiteralPermitido(HttpUrl url) throws UnknownHostException {
        String host = url.host();
        if (host.contains(":") || host.matches("[0-9.]+")) {
            exigirPermitido(InetAddress.getByName(host));
        }
    }

    /**
     * For a URL registered now and called later: the literal as it is, and a name by every address it resolves to
     * today (a name that does not resolve passes; it is checked again at every connection).
     */
    public void exigirDestinoPermitido(HttpUrl url) throws UnknownHostException {
        exigirLiteralPermitido(url);
        if (permitirRedeInterna) {
            return;
        }
        List<InetAddress> enderecos;
        try {
            enderecos = Dns.SYSTEM.lookup(url.host());
        } catch (UnknownHostException e) {
            return;
        }
        for (InetAddress endereco : enderecos) {
            exigirPermitido(endereco);
        }
    }

    /** What went wrong with a call, in words a client can act on, without internals. */
    public static String motivo(IOException e) {
        if (e instanceof EnderecoProibidoException) {
            return "endereço de rede interna recusado";
        }
        if (e instanceof UnknownHostException) {
            return "nome de host desconhecido";
        }
        if (e instanceof ConnectException) {
            return "conexão recusada";
        }
        if (e instanceof SSLException) {
            return "falha de TLS";
        }
        return "falha de rede";
    }

    static boolean interno(InetAddress endereco) {
        if (endereco.isAnyLocalAddress() || endereco.isLoopbackAddress() || endereco.isLinkLocalAddress()
                || endereco.isSiteLocalAddress() || endereco.isMulticastAddress()) {
            return true;
        }
        byte[] b = endereco.getAddress();
        if (endereco instanceof Inet4Address) {
            int a0 = b[0] & 0xff;
            int a1 = b[1] & 0xff;
            return a0 == 0                                   // "this network"
                    || (a0 == 100 && a1 >= 64 && a1 <= 127)  // carrier-grade NAT 100.64.0.0/10
                    || (a0 == 192 && a1 == 0 && (b[2] & 0xff) == 0) // IETF protocol assignments 192.0.0.0/24
                    || (a0 == 198 && (a1 == 18 || a1 == 19)) // benchmarking 198.18.0.0/15
                    || a0 >= 240;                            // reserved and broadcast
        }
        if (endereco instanceof Inet6Address) {
            if ((b[0] & 0xfe) == 0xfc) {                     // unique local fc00::/7
                return true;
            }
            if ((b[0] & 0xff) == 0xfe && (b[1] & 0xc0) == 0xc0) { // deprecated site-local fec0::/10
                return true;
            }
            InetAddress embutido = ipv4Embutido(b);
            return embutido != null && interno(embutido);
        }
        return false;
    }

    /** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible or NAT64 (64:ff9b::) address. */
    private static InetAddress ipv4Embutido(byte[] b) {
        boolean zeros10 = true;
        for (int i = 0; i < 10; i++) {
            zeros10 &= b[i] == 0;
        }
        boolean mapeado = zeros10 && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff;
        boolean compativel = zeros10 && b[10] == 0 && b[11] == 0;
        boolean nat64 = (b[0] & 0xff) == 0x00 && (b[1] & 0xff) == 0x64 && (b[2] & 0xff) == 0xff
                && (b[3] & 0xff) == 0x9b;
        if (!mapeado && !compativel && !nat64) {
            return null;
        }
        try {
            return InetAddress.getByAddress(new byte[]{b[12], b[13], b[14], b[15]});
        } catch (UnknownHostException e) {
            return null;
        }
    }
}
