package br.com.lojaapi.apoio;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A local HTTP server that plays the client's image host: a real PNG, text pretending to be an image, a 404, an
 * 11 MB file, a redirect to the PNG and an endless redirect. Started once per JVM on 127.0.0.1.
 */
public final class ServidorDeImagens {

    public static final byte[] PNG = png();
    private static ServidorDeImagens instancia;

    private final HttpServer servidor;
    private final java.util.concurrent.atomic.AtomicInteger pedidosDeContagem = new java.util.concurrent.atomic.AtomicInteger();

    private ServidorDeImagens() throws IOException {
        servidor = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        servidor.createContext("/foto.png", t -> responder(t, 200, "image/png", PNG));
        servidor.createContext("/contada.png", t -> {
            pedidosDeContagem.incrementAndGet();
            responder(t, 200, "image/png", PNG);
        });
        servidor.createContext("/texto.png", t -> responder(t, 200, "image/png",
                "isto não é uma imagem".getBytes(StandardCharsets.UTF_8)));
        servidor.createContext("/enorme.png", t -> {
            byte[] enorme = Arrays.copyOf(PNG, 11 * 1024 * 1024);
            responder(t, 200, "image/png", enorme);
        });
        servidor.createContext("/redireciona", t -> {
            t.getResponseHeaders().add("Location", "/foto.png");
            responder(t, 302, "text/plain", new byte[0]);
        });
        servidor.createContext("/para-metadados", t -> {
            t.getResponseHeaders().add("Location", "http://169.254.169.254/latest/meta-data/");
            responder(t, 302, "text/plain", new byte[0]);
        });
        servidor.createContext("/ciclo", t -> {
            t.getResponseHeaders().add("Location", "/ciclo");
            responder(t, 302, "text/plain", new byte[0]);
        });
        servidor.createContext("/", t -> responder(t, 404, "text/plain", "não há".getBytes(StandardCharsets.UTF_8)));
        servidor.start();
    }

    public static synchronized ServidorDeImagens instancia() {
        if (instancia == null) {
            try {
                instancia = new ServidorDeImagens();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return instancia;
    }

    /** How many times /contada.png was requested. */
    public int pedidosContados() {
        return pedidosDeContagem.get();
    }

    public String url(String caminho) {
        return "http://127.0.0.1:" + servidor.getAddress().getPort() + caminho;
    }

    private static void responder(HttpExchange troca, int status, String tipo, byte[] corpo) throws IOException {
        troca.getResponseHeaders().add("Content-Type", tipo);
        troca.sendResponseHeaders(status, corpo.length == 0 ? -1 : corpo.length);
        try (OutputStream saida = troca.getResponseBody()) {
            saida.write(corpo);
        } catch (IOException clienteDesistiu) {
            // the service stops reading an oversized download: expected
        }
    }

    private static byte[] png() {
        BufferedImage imagem = new BufferedImage(8, 6, BufferedImage.TYPE_INT_RGB);
        imagem.setRGB(1, 1, Color.ORANGE.getRGB());
        ByteArrayOutputStream saida = new ByteArrayOutputStream();
        try {
            ImageIO.write(imagem, "png", saida);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return saida.toByteArray();
    }
}
