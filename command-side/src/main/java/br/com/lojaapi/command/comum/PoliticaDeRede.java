package br.com.lojaapi.command.comum;

import okhttp3.Dns;
import okhttp3.HttpUrl;
import org.springframework.beans.factory.annotation.Autowired;
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
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Which addresses the service may call on a client's behalf (image downloads and webhook deliveries), under two
 * rules, each with a setting of its own that opens it:
 * <ul>
 * <li>loopback, private, link-local, carrier-grade NAT, unique-local, multicast, unspecified and reserved ranges
 * are refused unless {@code ALLOW_PRIVATE_NETWORK_TARGETS=true};</li>
 * <li>the cloud metadata and credential addresses of {@link #METADADOS} are refused unless
 * {@code ALLOW_METADATA_TARGETS=true}, whatever the first setting says: opening the private network for a receiver
 * on the LAN must not hand out the instance's credentials. Most of them are also link-local, so reaching them takes
 * both settings.</li>
 * </ul>
 * An IPv4 address is accepted only as {@code a.b.c.d}: the other forms the system resolver and URL parsers read as
 * numbers (hexadecimal {@code 0x7f000001}, octal {@code 0177.0.0.1}, one number {@code 2130706433}, short
 * {@code 127.1}) are read differently by different software, so they are refused outright. The address check is
 * applied to the addresses a name resolves to, at connection time ({@link #dns()}), so a name that resolves
 * differently later (DNS rebinding) gains nothing. Decision 070.
 */
@Component
public class PoliticaDeRede {

    /**
     * Instance metadata and credential endpoints of cloud platforms (sources in decision 070). Exact addresses: the
     * ranges around them are the private rule's.
     */
    static final Set<InetAddress> METADADOS = Stream.of(
            "169.254.169.254",    // AWS, GCP, Azure, Oracle, OpenStack, DigitalOcean, Hetzner, IBM... IMDS
            "fd00:ec2::254",      // AWS IMDS over IPv6
            "169.254.170.2",      // AWS ECS task metadata and credentials
            "169.254.170.23",     // AWS EKS Pod Identity agent
            "fd00:ec2::23",       // AWS EKS Pod Identity agent over IPv6
            "fd20:ce::254",       // Google Compute Engine metadata over IPv6
            "168.63.129.16",      // Azure WireServer (a public address: the private rule never sees it)
            "100.100.100.200",    // Alibaba Cloud ECS metadata
            "169.254.0.23",       // Tencent Cloud CVM metadata
            "fd00:c1::a9fe:a9fe", // Oracle Cloud metadata over IPv6
            "192.0.0.192",        // Oracle Cloud Classic metadata
            "169.254.42.42",      // Scaleway metadata
            "fd00:42::42"         // Scaleway metadata over IPv6
    ).map(PoliticaDeRede::literal).collect(Collectors.toUnmodifiableSet());

    private static final Pattern IPV4 = Pattern.compile(
            "(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])(\\.(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}");

    private final boolean permitirRedeInterna;
    private final boolean permitirMetadados;
    private final Dns resolvedor;

    @Autowired
    public PoliticaDeRede(@Value("${loja.rede.permitir-interna:false}") boolean permitirRedeInterna,
                          @Value("${loja.rede.permitir-metadados:false}") boolean permitirMetadados) {
        this(permitirRedeInterna, permitirMetadados, Dns.SYSTEM);
    }

    PoliticaDeRede(boolean permitirRedeInterna, boolean permitirMetadados, Dns resolvedor) {
        this.permitirRedeInterna = permitirRedeInterna;
        this.permitirMetadados = permitirMetadados;
        this.resolvedor = resolvedor;
    }

    public void exigirPermitido(InetAddress endereco) throws EnderecoProibidoException {
        EnderecoProibidoException.Motivo motivo = recusa(endereco);
        if (motivo != null) {
            throw new EnderecoProibidoException(endereco.getHostAddress(), motivo);
        }
    }

    /** An OkHttp resolver that connects only to permitted addresses of a name. */
    public Dns dns() {
        return nome -> {
            List<InetAddress> todos = resolvedor.lookup(nome); // never empty: a name with no address throws
            List<InetAddress> permitidos = todos.stream().filter(a -> recusa(a) == null).toList();
            if (permitidos.isEmpty()) {
                throw new EnderecoProibidoException(nome, recusa(todos.get(0)));
            }
            return permitidos;
        };
    }

    /**
     * OkHttp does not resolve IP literals through {@link #dns()} (and takes a host of digits and dots for one): a
     * host that is an address, or that a resolver would read as a number, is checked here, before connecting.
     */
    public void exigirLiteralPermitido(HttpUrl url) throws UnknownHostException {
        String host = url.host();
        if (host.contains(":")) {
            exigirPermitido(InetAddress.getByName(host));
        } else if (numerico(host)) {
            if (!IPV4.matcher(host).matches()) {
                throw new EnderecoProibidoException(host, EnderecoProibidoException.Motivo.FORMA_NUMERICA);
            }
            exigirPermitido(InetAddress.getByName(host));
        }
    }

    /**
     * For a URL registered now and called later, refused when every call would be: a literal as it is, and a name
     * that does not resolve (an UnknownHostException, not an EnderecoProibidoException) or resolves to any address
     * that is not permitted. It is checked again at every connection.
     */
    public void exigirDestinoPermitido(HttpUrl url) throws UnknownHostException {
        String host = url.host();
        if (host.contains(":") || numerico(host)) {
            exigirLiteralPermitido(url);
            return;
        }
        for (InetAddress endereco : resolvedor.lookup(host)) {
            exigirPermitido(endereco);
        }
    }

    /** What went wrong with a call, in words a client can act on, without internals. */
    public static String motivo(IOException e) {
        if (e instanceof EnderecoProibidoException proibido) {
            return switch (proibido.motivo()) {
                case REDE_INTERNA -> "endereço de rede interna recusado";
                case METADADOS -> "endereço de metadados de nuvem recusado";
                case FORMA_NUMERICA -> "endereço IPv4 fora da forma a.b.c.d";
            };
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

    private EnderecoProibidoException.Motivo recusa(InetAddress endereco) {
        if (!permitirMetadados && metadados(endereco)) {
            return EnderecoProibidoException.Motivo.METADADOS;
        }
        if (!permitirRedeInterna && interno(endereco)) {
            return EnderecoProibidoException.Motivo.REDE_INTERNA;
        }
        return null;
    }

    static boolean metadados(InetAddress endereco) {
        if (METADADOS.contains(endereco)) {
            return true;
        }
        InetAddress embutido = endereco instanceof Inet6Address ? ipv4Embutido(endereco.getAddress()) : null;
        return embutido != null && METADADOS.contains(embutido);
    }

    /**
     * Whether a URL parser (WHATWG: the last label is a number) or the system resolver would take the host for an
     * IPv4 address: its last label, a trailing dot aside, is decimal digits or {@code 0x} and hex digits.
     */
    static boolean numerico(String host) {
        String[] rotulos = host.split("\\.", -1);
        int ultimo = rotulos.length - 1;
        if (ultimo > 0 && rotulos[ultimo].isEmpty()) {
            ultimo--;
        }
        String rotulo = rotulos[ultimo];
        return rotulo.matches("[0-9]+") || rotulo.matches("0[xX][0-9a-fA-F]*");
    }

    private static InetAddress literal(String endereco) {
        try {
            return InetAddress.getByName(endereco);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(endereco, e);
        }
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
