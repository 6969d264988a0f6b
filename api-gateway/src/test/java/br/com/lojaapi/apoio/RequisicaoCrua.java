package br.com.lojaapi.apoio;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a plain socket, with the request line exactly as given: Java's HttpClient (like most clients)
 * normalises or refuses the odd spellings of a path that an attacker would send ({@code //}, {@code /../},
 * {@code %2F}, {@code ;}), and those are what these exchanges are for.
 */
public final class RequisicaoCrua {

    private RequisicaoCrua() {
    }

    /** Sends {@code metodo alvo HTTP/1.1} with the headers and body given and reads the whole answer. */
    public static Resposta enviar(int porta, String metodo, String alvo, Map<String, String> cabecalhos, byte[] corpo)
            throws IOException {
        try (Socket socket = new Socket("127.0.0.1", porta)) {
            socket.setSoTimeout(30_000);
            StringBuilder cabeca = new StringBuilder(metodo).append(' ').append(alvo).append(" HTTP/1.1\r\n")
                    .append("Host: localhost:").append(porta).append("\r\nConnection: close\r\n");
            cabecalhos.forEach((nome, valor) -> cabeca.append(nome).append(": ").append(valor).append("\r\n"));
            if (corpo != null) {
                cabeca.append("Content-Length: ").append(corpo.length).append("\r\n");
            }
            cabeca.append("\r\n");
            OutputStream saida = socket.getOutputStream();
            saida.write(cabeca.toString().getBytes(StandardCharsets.ISO_8859_1));
            if (corpo != null) {
                saida.write(corpo);
            }
            saida.flush();
            return lida(socket.getInputStream().readAllBytes());
        }
    }

    private static Resposta lida(byte[] bruta) throws IOException {
        String texto = new String(bruta, StandardCharsets.ISO_8859_1);
        int fimDaCabeca = texto.indexOf("\r\n\r\n");
        if (fimDaCabeca < 0) {
            throw new IOException("resposta sem cabeçalhos completos: " + texto);
        }
        String[] linhas = texto.substring(0, fimDaCabeca).split("\r\n");
        int status = Integer.parseInt(linhas[0].split(" ")[1]);
        Map<String, List<String>> cabecalhos = new LinkedHashMap<>();
        for (int i = 1; i < linhas.length; i++) {
            int doisPontos = linhas[i].indexOf(':');
            cabecalhos.computeIfAbsent(linhas[i].substring(0, doisPontos).strip(), n -> new ArrayList<>())
                      .add(linhas[i].substring(doisPontos + 1).strip());
        }
        HttpHeaders http = HttpHeaders.of(cabecalhos, (n, v) -> true);
        byte[] corpo = java.util.Arrays.copyOfRange(bruta, fimDaCabeca + 4, bruta.length);
        boolean emPedacos = http.firstValue("Transfer-Encoding").map(v -> v.toLowerCase(Locale.ROOT))
                                .filter(v -> v.contains("chunked")).isPresent();
        if (emPedacos) {
            corpo = semPedacos(corpo);
        }
        return new Resposta(status, http, new String(corpo, StandardCharsets.UTF_8));
    }

    private static byte[] semPedacos(byte[] corpo) throws IOException {
        ByteArrayOutputStream junto = new ByteArrayOutputStream();
        InputStream entrada = new java.io.ByteArrayInputStream(corpo);
        while (true) {
            StringBuilder tamanho = new StringBuilder();
            int c;
            while ((c = entrada.read()) != '\n') {
                if (c < 0) {
                    throw new IOException("corpo em pedaços interrompido");
                }
                if (c != '\r') {
                    tamanho.append((char) c);
                }
            }
            int n = Integer.parseInt(tamanho.toString().split(";")[0].strip(), 16);
            if (n == 0) {
                return junto.toByteArray();
            }
            junto.write(entrada.readNBytes(n));
            entrada.skip(2);
        }
    }
}
