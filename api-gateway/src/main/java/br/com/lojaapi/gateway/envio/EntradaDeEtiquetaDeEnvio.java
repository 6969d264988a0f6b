package br.com.lojaapi.gateway.envio;

import br.com.lojaapi.command.anexo.ConteudoDeArquivo;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.etiqueta.ArquivoDeEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.DadosDaEtiqueta;
import br.com.lojaapi.gateway.anexo.PartesDoEnvio;
import br.com.lojaapi.gateway.erro.ArquivoGrandeDemaisException;
import jakarta.servlet.http.Part;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What one POST to /pedidos/{id}/etiquetas carried, whatever its format: the file, its format told by its
 * content (PDF or ZPL), and the label's fields, checked. Sizes: PDF 5 MiB, ZPL 1 MiB (413).
 */
record EntradaDeEtiquetaDeEnvio(byte[] arquivo, String formato, DadosDaEtiqueta dados) {

    static final int PDF_MAXIMO = 5 * 1024 * 1024;
    static final int ZPL_MAXIMO = 1024 * 1024;
    private static final Pattern CODIGO = Pattern.compile("[\\p{Alnum}._/-]{1,100}");
    private static final Pattern CONTROLE = Pattern.compile("\\p{Cntrl}");

    /** Raw body: {@code application/pdf} must hold a PDF, {@code text/plain} a ZPL label. */
    static EntradaDeEtiquetaDeEnvio doCorpo(byte[] corpo, String esperado, DadosDaEtiqueta dados) {
        EntradaDeEtiquetaDeEnvio entrada = de(corpo, "corpo", dados);
        if (!entrada.formato().equals(esperado)) {
            throw ErroDeNegocio.invalido("O corpo é " + entrada.formato() + ", mas o Content-Type diz "
                    + (ArquivoDeEtiqueta.PDF.equals(esperado) ? "application/pdf" : "text/plain (ZPL)"));
        }
        return entrada;
    }

    static EntradaDeEtiquetaDeEnvio doJson(CorpoDeEtiquetaDeEnvio c) {
        if (c == null) {
            throw ErroDeNegocio.invalido("Corpo JSON vazio: envie pdfBase64, zplBase64 ou zpl");
        }
        int enviados = (c.pdfBase64() != null ? 1 : 0) + (c.zplBase64() != null ? 1 : 0) + (c.zpl() != null ? 1 : 0);
        if (enviados != 1) {
            throw ErroDeNegocio.invalido("Envie exatamente um de pdfBase64, zplBase64 e zpl");
        }
        DadosDaEtiqueta dados = dados(c.transportadora(), c.servico(), c.codigoRastreio(), c.urlRastreio(),
                c.volume());
        if (c.zpl() != null) {
            return exigir(de(c.zpl().getBytes(StandardCharsets.UTF_8), "zpl", dados), ArquivoDeEtiqueta.ZPL, "zpl");
        }
        if (c.zplBase64() != null) {
            return exigir(de(PartesDoEnvio.base64(c.zplBase64(), "zplBase64"), "zplBase64", dados),
                    ArquivoDeEtiqueta.ZPL, "zplBase64");
        }
        return exigir(de(PartesDoEnvio.base64(c.pdfBase64(), "pdfBase64"), "pdfBase64", dados),
                ArquivoDeEtiqueta.PDF, "pdfBase64");
    }

    /** {@code multipart/form-data}: the part {@code arquivo} (a file or a plain field) and the label's fields. */
    static EntradaDeEtiquetaDeEnvio doMultipart(Collection<Part> partes) throws IOException {
        byte[] arquivo = null;
        String transportadora = null;
        String servico = null;
        String codigo = null;
        String url = null;
        String volume = null;
        for (Part parte : partes) {
            switch (parte.getName()) {
                case "arquivo" -> {
                    if (arquivo != null) {
                        throw ErroDeNegocio.invalido("Mais de uma parte arquivo: envie uma etiqueta por vez");
                    }
                    arquivo = ler(parte);
                }
                case "transportadora" -> transportadora = texto(parte);
                case "servico" -> servico = texto(parte);
                case "codigoRastreio" -> codigo = texto(parte);
                case "urlRastreio" -> url = texto(parte);
                case "volume" -> volume = texto(parte);
                default -> throw ErroDeNegocio.invalido("Parte desconhecida no multipart: '" + parte.getName()
                        + "'; use arquivo, transportadora, servico, codigoRastreio, urlRastreio e volume");
            }
        }
        if (arquivo == null) {
            throw ErroDeNegocio.invalido("Envie a etiqueta na parte arquivo (PDF ou ZPL)");
        }
        return de(arquivo, "arquivo", dados(transportadora, servico, codigo, url, volume(volume)));
    }

    /** The fields of a raw-body send, from the query string; {@code volume} must be a number. */
    static DadosDaEtiqueta dadosDaConsulta(String transportadora, String servico, String codigo, String url,
                                           String volume) {
        return dados(transportadora, servico, codigo, url, volume(volume));
    }

    private static EntradaDeEtiquetaDeEnvio de(byte[] conteudo, String campo, DadosDaEtiqueta dados) {
        if (conteudo.length == 0) {
            throw ErroDeNegocio.invalido(campo + ": arquivo vazio");
        }
        if (ConteudoDeArquivo.pdf(conteudo)) {
            if (conteudo.length > PDF_MAXIMO) {
                throw new ArquivoGrandeDemaisException("PDF acima do limite de 5 MiB (" + PDF_MAXIMO + " bytes)");
            }
            ConteudoDeArquivo.exigirPdf(conteudo);
            return new EntradaDeEtiquetaDeEnvio(conteudo, ArquivoDeEtiqueta.PDF, dados);
        }
        if (ConteudoDeArquivo.zpl(conteudo)) {
            if (conteudo.length > ZPL_MAXIMO) {
                throw new ArquivoGrandeDemaisException("ZPL acima do limite de 1 MiB (" + ZPL_MAXIMO + " bytes)");
            }
            return new EntradaDeEtiquetaDeEnvio(conteudo, ArquivoDeEtiqueta.ZPL, dados);
        }
        throw ErroDeNegocio.invalido(campo + ": o conteúdo não é PDF (%PDF-) nem ZPL (^XA ... ^XZ)");
    }

    private static EntradaDeEtiquetaDeEnvio exigir(EntradaDeEtiquetaDeEnvio entrada, String formato, String campo) {
        if (!entrada.formato().equals(formato)) {
            throw ErroDeNegocio.invalido(campo + " contém " + entrada.formato() + ", não " + formato);
        }
        return entrada;
    }

    private static DadosDaEtiqueta dados(String transportadora, String servico, String codigo, String url,
                                         Integer volume) {
        String codigoRastreio = vazioENulo(codigo);
        if (codigoRastreio != null && !CODIGO.matcher(codigoRastreio).matches()) {
            throw ErroDeNegocio.invalido("codigoRastreio: até 100 letras, dígitos e . _ / -, sem espaços");
        }
        String urlRastreio = vazioENulo(url);
        if (urlRastreio != null && !urlValida(urlRastreio)) {
            throw ErroDeNegocio.invalido("urlRastreio: uma URL http ou https absoluta de até 2000 caracteres");
        }
        if (volume != null && (volume < 1 || volume > 999)) {
            throw ErroDeNegocio.invalido("volume: de 1 a 999");
        }
        return new DadosDaEtiqueta(limitado(transportadora, "transportadora"), limitado(servico, "servico"),
                codigoRastreio, urlRastreio, volume);
    }

    /** The same rule as PATCH /pedidos applies, since the order may adopt this link. */
    private static boolean urlValida(String url) {
        if (url.length() > 2000 || CONTROLE.matcher(url).find()) {
            return false;
        }
        try {
            URI uri = new URI(url);
            String esquema = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            return (esquema.equals("http") || esquema.equals("https")) && uri.getHost() != null;
        } catch (URISyntaxException e) {
            return false;
        }
    }

    private static Integer volume(String texto) {
        String valor = vazioENulo(texto);
        if (valor == null) {
            return null;
        }
        try {
            return Integer.valueOf(valor);
        } catch (NumberFormatException e) {
            throw ErroDeNegocio.invalido("volume: um número inteiro de 1 a 999");
        }
    }

    private static String limitado(String texto, String campo) {
        String valor = vazioENulo(texto);
        if (valor != null && valor.length() > 100) {
            throw ErroDeNegocio.invalido(campo + ": no máximo 100 caracteres");
        }
        return valor;
    }

    /**
     * Control characters (NUL above all, which PostgreSQL text cannot hold) never reach an event: multipart
     * fields and query parameters do not pass through the JSON reader that refuses them elsewhere.
     */
    private static String vazioENulo(String texto) {
        if (texto != null && CONTROLE.matcher(texto).find()) {
            throw ErroDeNegocio.invalido("Campos da etiqueta não podem conter caracteres de controle");
        }
        return texto == null || texto.isBlank() ? null : texto.trim();
    }

    private static byte[] ler(Part parte) throws IOException {
        return PartesDoEnvio.ler(parte, PDF_MAXIMO, "Arquivo acima do limite de 5 MiB (PDF) e 1 MiB (ZPL)");
    }

    private static String texto(Part parte) throws IOException {
        return PartesDoEnvio.texto(parte, 2000, "longo demais");
    }
}
