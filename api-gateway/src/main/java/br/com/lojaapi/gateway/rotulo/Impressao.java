package br.com.lojaapi.gateway.rotulo;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.gateway.objetos.DownloadPrivado;
import br.com.lojaapi.query.rotulo.RotuloPdf;
import br.com.lojaapi.query.rotulo.RotuloZpl;
import br.com.lojaapi.query.rotulo.Rotulo;
import br.com.lojaapi.query.rotulo.TamanhoDoRotulo;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * How a request's labels are printed: the paper, the printer language and, for ZPL, the printer's resolution.
 * ZPL is a thermal printer's language, so it exists only for the 10 x 15 label; the PDF is vector, so it has no
 * resolution and {@code dpi} does not change it.
 */
record Impressao(TamanhoDoRotulo tamanho, boolean zpl, int dpi) {

    /**
     * ZPL is text, and {@code ^CI28} in every block tells the printer it is UTF-8: text/plain with that charset
     * lets a browser or an ERP show and forward it without guessing, and a printer ignores the header anyway.
     */
    static final MediaType TIPO_ZPL = new MediaType("text", "plain", StandardCharsets.UTF_8);

    static final String ZPL_SO_EM_10X15 = "formato zpl só existe no tamanho 10x15 (impressoras térmicas); "
            + "para a4 use formato pdf";

    Impressao {
        if (zpl && tamanho != TamanhoDoRotulo.DEZ_POR_QUINZE) {
            throw ErroDeNegocio.invalido(ZPL_SO_EM_10X15);
        }
    }

    /** From the request's texts, each checked on its own before they are checked together. */
    static Impressao de(String tamanho, String formato, String dpi) {
        TamanhoDoRotulo papel = ParametrosDoRotulo.tamanho(tamanho);
        boolean zpl = ParametrosDoRotulo.zpl(formato);
        return new Impressao(papel, zpl, ParametrosDoRotulo.dpi(dpi));
    }

    /**
     * The file of the labels, named {@code nome} plus the format's extension. ZPL is always an attachment, since a
     * browser cannot show it as a label; a PDF opens in the browser when {@code abrir}.
     */
    ResponseEntity<byte[]> arquivo(List<Rotulo> rotulos, String nome, boolean abrir) {
        byte[] conteudo = zpl ? RotuloZpl.gerar(rotulos, dpi).getBytes(StandardCharsets.UTF_8)
                : RotuloPdf.gerar(rotulos, tamanho);
        return DownloadPrivado.responder(conteudo, zpl ? TIPO_ZPL : MediaType.APPLICATION_PDF,
                nome + (zpl ? ".zpl" : ".pdf"), abrir && !zpl);
    }
}
