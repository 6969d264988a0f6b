package br.com.lojaapi.query.rotulo;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The wording of a label, shared by the PDF and the ZPL renderers so that a label printed either way says the same
 * thing in the same words.
 */
final class TextosDoRotulo {

    private static final Locale BRASIL = Locale.forLanguageTag("pt-BR");

    private TextosDoRotulo() {
    }

    static String pedido(long numero) {
        return "Pedido " + numero;
    }

    static String volume(Rotulo rotulo) {
        return "Volume " + rotulo.volume() + "/" + rotulo.volumes();
    }

    static String logradouro(String endereco, String numero, String complemento) {
        return juntar(" - ", juntar(", ", endereco, numero), complemento);
    }

    static String cidadeUf(String cidade, String uf) {
        return juntar("/", cidade, uf);
    }

    /** Eight digits are shown as the post office writes them; anything else is printed as the store typed it. */
    static String cep(String cep) {
        String limpo = limpo(cep);
        if (limpo == null) {
            return null;
        }
        String digitos = limpo.replaceAll("\\D", "");
        return "CEP " + (digitos.length() == 8 ? digitos.substring(0, 5) + "-" + digitos.substring(5) : limpo);
    }

    static String telefone(String telefone) {
        String limpo = limpo(telefone);
        return limpo == null ? null : "Tel. " + limpo;
    }

    static String cnpj(String cnpj) {
        String limpo = limpo(cnpj);
        if (limpo == null) {
            return null;
        }
        String d = limpo.replaceAll("\\D", "");
        return "CNPJ " + (d.length() == 14
                ? d.substring(0, 2) + "." + d.substring(2, 5) + "." + d.substring(5, 8) + "/" + d.substring(8, 12)
                  + "-" + d.substring(12)
                : limpo);
    }

    static String referencia(String referencia) {
        String limpo = limpo(referencia);
        return limpo == null ? null : "Ref.: " + limpo;
    }

    /** The sender's lines under its name: street, district and city, then the ways to reach the store. */
    static List<String> enderecoDoRemetente(Remetente r) {
        List<String> linhas = new ArrayList<>();
        adicionar(linhas, logradouro(r.endereco(), r.numero(), r.complemento()));
        adicionar(linhas, juntar(" - ", r.bairro(), cidadeUf(r.cidade(), r.uf())));
        adicionar(linhas, juntar("  ·  ", cep(r.cep()), telefone(r.telefone()), cnpj(r.cnpj())));
        return linhas;
    }

    /**
     * "NF-e 123 série 1", or "NFC-e" when the access key says model 65; a service invoice (no key) is "NFS-e 123".
     * The model sits at positions 21 and 22 of the 44-digit key.
     */
    static String nota(NotaDoRotulo nota) {
        String chave = limpo(nota.chave());
        if (chave == null) {
            return "NFS-e " + limpo(nota.numero());
        }
        String digitos = chave.replaceAll("\\D", "");
        String modelo = digitos.length() == 44 && digitos.startsWith("65", 20) ? "NFC-e" : "NF-e";
        String serie = limpo(nota.serie());
        return modelo + " " + limpo(nota.numero()) + (serie == null ? "" : " série " + serie);
    }

    /**
     * The access key in groups of four, six groups on the first line and the rest on the second (44 digits make
     * 6 + 5), the way DANFEs print it, so a person can read it back over the phone.
     */
    static List<String> chaveEmGrupos(String chave) {
        String limpo = limpo(chave);
        if (limpo == null) {
            return List.of();
        }
        String compacto = limpo.replaceAll("\\s", "");
        List<String> linhas = new ArrayList<>();
        StringBuilder linha = new StringBuilder();
        for (int i = 0; i < compacto.length(); i += 4) {
            if (i == 24) {
                linhas.add(linha.toString());
                linha.setLength(0);
            }
            if (!linha.isEmpty()) {
                linha.append(' ');
            }
            linha.append(compacto, i, Math.min(i + 4, compacto.length()));
        }
        linhas.add(linha.toString());
        return linhas;
    }

    static String peso(BigDecimal pesoKg) {
        DecimalFormat formato = new DecimalFormat("#,##0.000", DecimalFormatSymbols.getInstance(BRASIL));
        return formato.format(pesoKg.setScale(3, RoundingMode.HALF_UP)) + " kg";
    }

    /**
     * The contents lines that fit in {@code linhas} lines: when some are left out, the last line says how many, so
     * whoever packs the box knows the list goes on.
     */
    static List<String> itensQueCabem(List<String> itens, int linhas) {
        if (itens.size() <= linhas) {
            return itens;
        }
        if (linhas <= 0) {
            return List.of();
        }
        List<String> visiveis = new ArrayList<>(itens.subList(0, linhas - 1));
        int restantes = itens.size() - visiveis.size();
        visiveis.add("\u2026 e mais " + restantes + (restantes == 1 ? " item" : " itens"));
        return visiveis;
    }

    /** Line breaks, tabs and runs of blanks typed into a field would break a one-line layout: one space each. */
    static String limpo(String texto) {
        if (texto == null) {
            return null;
        }
        String limpo = texto.replaceAll("[\\p{Cntrl}\\s]+", " ").strip();
        return limpo.isEmpty() ? null : limpo;
    }

    static String juntar(String separador, String... partes) {
        StringBuilder junto = new StringBuilder();
        for (String parte : partes) {
            String limpo = limpo(parte);
            if (limpo != null) {
                if (!junto.isEmpty()) {
                    junto.append(separador);
                }
                junto.append(limpo);
            }
        }
        return junto.isEmpty() ? null : junto.toString();
    }

    private static void adicionar(List<String> linhas, String linha) {
        if (linha != null) {
            linhas.add(linha);
        }
    }
}
