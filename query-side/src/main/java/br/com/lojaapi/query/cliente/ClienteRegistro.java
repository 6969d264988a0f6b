package br.com.lojaapi.query.cliente;

import br.com.lojaapi.coreapi.cliente.ClienteView;
import br.com.lojaapi.coreapi.cliente.DadosCliente;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

@Entity
@Table(name = "cliente_view")
class ClienteRegistro {

    @Id
    private String id;
    @Column(name = "loja_id", nullable = false)
    private String lojaId;
    @Column(nullable = false)
    private String nome;
    @Column(nullable = false)
    private String documento;
    @Column(name = "tipo_documento", nullable = false)
    private String tipoDocumento;
    private String email;
    private String telefone;
    private String celular;
    private String cep;
    private String endereco;
    private String numero;
    private String bairro;
    private String cidade;
    private String uf;
    @Column(name = "criado_em", nullable = false)
    private Instant criadoEm;
    @Column(name = "atualizado_em", nullable = false)
    private Instant atualizadoEm;
    @Column(nullable = false)
    private long versao;
    @Column(name = "global_index", nullable = false)
    private long indiceGlobal;

    protected ClienteRegistro() {
        // JPA
    }

    ClienteRegistro(String id, String lojaId, Instant criadoEm) {
        this.id = id;
        this.lojaId = lojaId;
        this.criadoEm = criadoEm;
    }

    void aplicar(DadosCliente d, Instant quando, long versao, long indice) {
        nome = d.nome();
        documento = d.documento();
        tipoDocumento = d.tipoDocumento();
        email = d.email();
        telefone = d.telefone();
        celular = d.celular();
        cep = d.cep();
        endereco = d.endereco();
        numero = d.numero();
        bairro = d.bairro();
        cidade = d.cidade();
        uf = d.uf();
        atualizadoEm = quando;
        this.versao = versao;
        this.indiceGlobal = indice;
    }

    long versao() {
        return versao;
    }

    ClienteView view() {
        return new ClienteView(id, lojaId, new DadosCliente(nome, documento, tipoDocumento, email, telefone, celular,
                cep, endereco, numero, bairro, cidade, uf), criadoEm, atualizadoEm, versao);
    }
}
