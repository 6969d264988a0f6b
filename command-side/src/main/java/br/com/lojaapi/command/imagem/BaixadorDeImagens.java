package br.com.lojaapi.command.imagem;

import br.com.lojaapi.command.comum.EnderecoProibidoException;
import br.com.lojaapi.command.comum.PoliticaDeRede;
import okhttp3.Call;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.Proxy;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Downloads an image a client pointed at, defensively: http(s) only, permitted addresses only (checked on every
 * hop, redirects followed by hand, at most 3), bounded time (per image, all hops together, and per request),
 * at most {@value #TAMANHO_MAXIMO} bytes read, and content that really is an image.
 */
@Component
class BaixadorDeImagens {

    static final int TAMANHO_MAXIMO = 10 * 1024 * 1024;
    private static final int REDIRECIONAMENTOS = 3;

    private final OkHttpClient http;
    private final PoliticaDeRede rede;
    private final Duration tempoMaximo;

    BaixadorDeImagens(PoliticaDeRede rede, @Value("${loja.imagens.tempo-maximo:20s}") Duration tempoMaximo) {
        this.rede = rede;
        this.tempoMaximo = tempoMaximo;
        this.http = new OkHttpClient.Builder()
                .proxy(Proxy.NO_PROXY)
                .dns(rede.dns())
                .followRedirects(false)
                .followSslRedirects(false)
                .connectTimeout(Duration.ofSeconds(5))
                .readTimeout(Duration.ofSeconds(10))
                .build();
    }

    record Imagem(byte[] conteudo, TipoDeImagem tipo) {
    }

    /** Downloads within {@code tempo-maximo} for the whole image (all hops), and never past {@code prazoNanos}. */
    Imagem baixar(String endereco, long prazoNanos) throws ImagemRecusadaException {
        long prazo = Math.min(prazoNanos, System.nanoTime() + tempoMaximo.toNanos());
        HttpUrl url = HttpUrl.parse(endereco);
        if (url == null) {
            throw new ImagemRecusadaException("não é uma URL http ou https");
        }
        for (int salto = 0; salto <= REDIRECIONAMENTOS; salto++) {
            exigirLiteralPermitido(url);
            Request requisicao = new Request.Builder().url(url).header("Accept", "image/*")
                                                      .header("User-Agent", "loja-api/1 (imagens de produto)").build();
            long restante = prazo - System.nanoTime();
            if (restante <= 0) {
                throw new ImagemRecusadaException("o tempo para baixar as imagens se esgotou");
            }
            Call chamada = http.newCall(requisicao);
            chamada.timeout().timeout(restante, TimeUnit.NANOSECONDS);
            try (Response resposta = chamada.execute()) {
                if (resposta.isRedirect()) {
                    String destino = resposta.header("Location");
                    HttpUrl proxima = destino == null ? null : url.resolve(destino);
                    if (proxima == null) {
                        throw new ImagemRecusadaException("redirecionou para um endereço inválido");
                    }
                    url = proxima;
                    continue;
                }
                if (!resposta.isSuccessful()) {
                    throw new ImagemRecusadaException("o servidor respondeu HTTP " + resposta.code());
                }
                byte[] conteudo = ler(resposta.body());
                TipoDeImagem tipo = TipoDeImagem.detectar(conteudo).orElseThrow(() ->
                        new ImagemRecusadaException("o conteúdo não é uma imagem PNG, JPEG, GIF ou WebP válida"));
                return new Imagem(conteudo, tipo);
            } catch (EnderecoProibidoException e) {
                throw new ImagemRecusadaException(e.motivo().texto());
            } catch (InterruptedIOException e) {
                throw new ImagemRecusadaException("o servidor demorou demais para responder");
            } catch (IOException e) {
                throw new ImagemRecusadaException("não foi possível baixá-la (" + PoliticaDeRede.motivo(e) + ")");
            }
        }
        throw new ImagemRecusadaException("redirecionamentos demais (mais de " + REDIRECIONAMENTOS + ")");
    }

    private void exigirLiteralPermitido(HttpUrl url) throws ImagemRecusadaException {
        try {
            rede.exigirLiteralPermitido(url);
        } catch (EnderecoProibidoException e) {
            throw new ImagemRecusadaException(e.motivo().texto());
        } catch (IOException e) {
            throw new ImagemRecusadaException("endereço inválido");
        }
    }

    private static byte[] ler(ResponseBody corpo) throws IOException, ImagemRecusadaException {
        if (corpo.contentLength() > TAMANHO_MAXIMO) {
            throw grandeDemais();
        }
        ByteArrayOutputStream saida = new ByteArrayOutputStream();
        byte[] buffer = new byte[64 * 1024];
        try (InputStream entrada = corpo.byteStream()) {
            int lidos;
            while ((lidos = entrada.read(buffer)) != -1) {
                if (saida.size() + lidos > TAMANHO_MAXIMO) {
                    throw grandeDemais();
                }
                saida.write(buffer, 0, lidos);
            }
        }
        if (saida.size() == 0) {
            throw new ImagemRecusadaException("o arquivo está vazio");
        }
        return saida.toByteArray();
    }

    private static ImagemRecusadaException grandeDemais() {
        return new ImagemRecusadaException("passa do limite de 10 MB");
    }
}
